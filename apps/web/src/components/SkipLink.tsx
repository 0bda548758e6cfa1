import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";

export const MAIN_ID = "main-content";

/** "Skip to main content", visible when focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      sx={{
        position: "absolute",
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        bgcolor: "background.paper",
        color: "primary.main",
        px: 2,
        py: 1,
        borderRadius: 1,
        boxShadow: 3,
        "&:focus": { top: 8 },
      }}
    >
      {t("common.skipToContent")}
    </Box>
  );
}
