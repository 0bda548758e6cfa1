import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "react-i18next";

/** A centred progress indicator for a whole page or a card. */
export function PageLoader({ minHeight = "60vh" }: { minHeight?: number | string }) {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: "flex", alignItems: "center", justifyContent: "center", minHeight }}>
      <CircularProgress aria-label={t("common.loading")} />
    </Box>
  );
}
