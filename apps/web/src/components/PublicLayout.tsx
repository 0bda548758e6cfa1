import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Brand } from "./Brand";
import { DemoChip } from "./DemoChip";
import { useHomeHref } from "./homePath";
import { LanguageMenu } from "./LanguageMenu";
import { MAIN_ID, SkipLink } from "./SkipLink";

/**
 * The frame of the auth and public pages: a header with the brand (and the demo-data marker) and the language menu, the page in a card,
 * and a footer with the site links.
 */
export function PublicLayout({ children, maxWidth = 460 }: { children: ReactNode; maxWidth?: number }) {
  const { t } = useTranslation();
  const home = useHomeHref();
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <Box
        component="header"
        sx={{
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          gap: 1,
          px: { xs: 2, sm: 3 },
          py: 1.5,
          bgcolor: "background.paper",
          borderBottom: 1,
          borderColor: "divider",
        }}
      >
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, minWidth: 0 }}>
          <Brand href={home} />
          <DemoChip />
        </Box>
        <LanguageMenu color="primary" />
      </Box>
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{
          flex: 1,
          display: "flex",
          justifyContent: "center",
          alignItems: "flex-start",
          px: { xs: 1.5, sm: 3 },
          py: { xs: 2, sm: 5 },
          outline: "none",
        }}
      >
        <Paper variant="outlined" sx={{ width: "100%", maxWidth, p: { xs: 2.5, sm: 4 }, minWidth: 0 }}>
          {children}
        </Paper>
      </Box>
      <Box component="footer" sx={{ px: 2, py: 2, textAlign: "center" }}>
        <Box
          component="nav"
          aria-label={t("legal.footer")}
          sx={{ display: "flex", flexWrap: "wrap", justifyContent: "center", columnGap: 3, rowGap: 1 }}
        >
          <Link href="/about">{t("legal.about")}</Link>
          <Link href="/supporters">{t("legal.supporters")}</Link>
          <Link href="/terms">{t("legal.terms")}</Link>
          <Link href="/privacy">{t("legal.privacy")}</Link>
        </Box>
      </Box>
    </Box>
  );
}
