import type { Language } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { useTranslation } from "react-i18next";
import { useHomeHref } from "../../components/homePath";
import { LegalDocumentView } from "../../components/LegalDocumentView";
import { PublicLayout } from "../../components/PublicLayout";
import { usePageTitle } from "../../components/usePageTitle";
import { useLanguage } from "../../i18n/useLanguage";
import type { LegalDocument } from "./content/types";

/** A public page showing one document in the current language. */
export function DocumentPage({ doc }: { doc: Record<Language, LegalDocument> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const home = useHomeHref();
  const current = doc[language];
  usePageTitle(current.title);
  return (
    <PublicLayout maxWidth={880}>
      <Box sx={{ mb: 2 }}>
        <Link href={home}>{t("legal.backToApp")}</Link>
      </Box>
      <LegalDocumentView doc={current} />
    </PublicLayout>
  );
}
