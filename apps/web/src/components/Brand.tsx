import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { useTranslation } from "react-i18next";

/** The product mark and name, linking to `href`. */
export function Brand({ href, color = "primary.main" }: { href: string; color?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      href={href}
      underline="none"
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 1,
        color,
        fontWeight: 700,
        fontSize: "1.2rem",
        flexShrink: 0,
      }}
    >
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28, display: "block" }} />
      {t("app.name")}
    </Link>
  );
}
