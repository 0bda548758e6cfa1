import CloudOffOutlined from "@mui/icons-material/CloudOffOutlined";
import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import { useOnline } from "../pwa/useOnline";

/**
 * A bar above every page while the browser is offline: the service worker still shows the app (src/pwa), but
 * nothing can be loaded or saved. A named region, so that it sits in a landmark; its text is a status message
 * that screen readers announce when the connection drops.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Box
      component="section"
      aria-label={t("offline.label")}
      sx={{ bgcolor: "grey.900", color: "common.white", px: { xs: 2, sm: 3 }, py: 1.25 }}
    >
      <Box
        role="status"
        sx={{
          display: "flex",
          gap: 1.25,
          alignItems: "flex-start",
          typography: "body2",
          maxWidth: 960,
          mx: "auto",
        }}
      >
        <CloudOffOutlined fontSize="small" aria-hidden sx={{ mt: "1px", flexShrink: 0 }} />
        <span>
          <strong>{t("offline.title")}</strong> {t("offline.banner")}
        </span>
      </Box>
    </Box>
  );
}
