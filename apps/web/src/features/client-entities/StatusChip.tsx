import type { ClientEntity } from "@mimamori/shared";
import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";

/** Membership status: added, pending approval, or not joined (spec §4). */
export function StatusChip({ entity }: { entity: ClientEntity }) {
  const { t } = useTranslation();
  if (entity.status === "added")
    return <Chip size="small" color="success" label={t("client-entities.status.added")} />;
  if (entity.is_pending)
    return (
      <Chip size="small" color="warning" variant="outlined" label={t("client-entities.status.pending")} />
    );
  return <Chip size="small" variant="outlined" label={t("client-entities.status.none")} />;
}
