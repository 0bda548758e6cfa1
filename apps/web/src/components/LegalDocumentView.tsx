import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

/** A document as the legal and about pages keep it (`features/legal/content/`). */
export interface LegalDocument {
  title: string;
  updated: string;
  /** The version a person accepts (TERMS_VERSION, PRIVACY_VERSION; issue 29 §2), shown under the title. */
  version?: string;
  intro: string[];
  sections: LegalSection[];
}

/**
 * A legal or informational document. At `level` 1 its title is the page's h1 and sections are h2; at level 2
 * (inside another page) the title is an h2 and sections h3.
 */
export function LegalDocumentView({ doc, level = 1 }: { doc: LegalDocument; level?: 1 | 2 }) {
  const { t } = useTranslation();
  const titleTag = level === 1 ? "h1" : "h2";
  const sectionTag = level === 1 ? "h2" : "h3";
  return (
    <Box sx={{ "& p": { overflowWrap: "anywhere" } }}>
      <Typography variant={level === 1 ? "h1" : "h2"} component={titleTag} gutterBottom>
        {doc.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {doc.updated}
        {doc.version && (
          <>
            <br />
            {t("legal.version", { version: doc.version })}
          </>
        )}
      </Typography>
      {doc.intro.map((p) => (
        <Typography key={p} sx={{ mb: 1.5 }}>
          {p}
        </Typography>
      ))}
      {doc.sections.map((section) => (
        <Box component="section" key={section.title} sx={{ mt: 3 }}>
          <Typography variant={level === 1 ? "h2" : "h3"} component={sectionTag} gutterBottom>
            {section.title}
          </Typography>
          {section.paragraphs.map((p, i) => (
            // Paragraph texts can repeat across sections; their position is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: static content
            <Typography key={i} sx={{ mb: 1 }}>
              {p}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
