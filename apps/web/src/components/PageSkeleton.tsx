import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A detail page while it loads (a busy status region): what comes first, a title line, then cards of the given heights. */
export function PageSkeleton({
  before,
  titleWidth = "60%",
  cards,
  spacing = 3,
}: {
  before?: ReactNode;
  titleWidth?: string;
  cards: readonly number[];
  spacing?: number;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={spacing} role="status" aria-busy="true" aria-label={t("common.loading")}>
      {before}
      <Skeleton variant="text" width={titleWidth} height={48} />
      {cards.map((height, i) => (
        // the cards are placeholders in a fixed order
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}
