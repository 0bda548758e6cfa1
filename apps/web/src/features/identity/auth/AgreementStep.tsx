import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LegalDocumentView } from "../../../components/LegalDocumentView";
import { useLanguage } from "../../../i18n/useLanguage";
import { privacy } from "../../legal/content/privacy";
import { terms } from "../../legal/content/terms";
import { AnonymisedDataDialog } from "./AnonymisedDataDialog";

/** 400 px, 200 px when the viewport is under 768 px wide or high (spec §2, §9). */
const scrollArea = {
  height: 400,
  "@media (max-width: 767.98px), (max-height: 767.98px)": { height: 200 },
  overflowY: "auto",
  border: 1,
  borderColor: "divider",
  borderRadius: 1,
  p: 2,
  bgcolor: "background.default",
  "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
} as const;

interface Props {
  submitting: boolean;
  /** Without it there is no back button (the band app's chart view: nothing to go back to). */
  onBack?: () => void;
  onSubmit: () => void;
  /** The hint's and buttons' texts when not signing up (the acceptance of a new version: "Sign out", "Accept"). */
  hint?: string;
  backLabel?: string;
  submitLabel?: string;
}

/**
 * Sign-up step two, and the acceptance of a new terms or privacy version (features/consents): Terms and
 * Privacy tabs in the current language, two required agreements.
 */
export function AgreementStep({ submitting, onBack, onSubmit, hint, backLabel, submitLabel }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [tab, setTab] = useState<"terms" | "privacy">("terms");
  const [agreeTerms, setAgreeTerms] = useState(false);
  const [agreePrivacy, setAgreePrivacy] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const id = useId();
  const doc = tab === "terms" ? terms[language] : privacy[language];
  const canSubmit = agreeTerms && agreePrivacy;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canSubmit && !submitting) onSubmit();
      }}
    >
      <Tabs
        value={tab}
        onChange={(_, v) => setTab(v)}
        variant="fullWidth"
        sx={{ mb: 1, "& .MuiTab-root": { px: 1 } }}
      >
        <Tab
          value="terms"
          label={t("auth.signUp.termsTab")}
          id={`${id}-tab-terms`}
          aria-controls={`${id}-panel`}
        />
        <Tab
          value="privacy"
          label={t("auth.signUp.privacyTab")}
          id={`${id}-tab-privacy`}
          aria-controls={`${id}-panel`}
        />
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        <Box
          key={tab}
          tabIndex={0}
          role="region"
          aria-label={t("auth.signUp.documentRegion", { title: doc.title })}
          sx={scrollArea}
        >
          <LegalDocumentView doc={doc} level={2} />
        </Box>
        {tab === "privacy" && (
          <Button variant="outlined" size="small" sx={{ mt: 1.5 }} onClick={() => setDialogOpen(true)}>
            {t("auth.signUp.anonymisedButton")}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {hint ?? t("auth.signUp.agreeHint")}
      </Typography>
      <FormGroup sx={{ mt: 1 }}>
        <FormControlLabel
          required
          control={<Checkbox checked={agreeTerms} onChange={(e) => setAgreeTerms(e.target.checked)} />}
          label={t("auth.signUp.agreeTerms")}
        />
        <FormControlLabel
          required
          control={<Checkbox checked={agreePrivacy} onChange={(e) => setAgreePrivacy(e.target.checked)} />}
          label={t("auth.signUp.agreePrivacy")}
        />
      </FormGroup>
      <Box sx={{ display: "flex", justifyContent: onBack ? "space-between" : "flex-end", gap: 2, mt: 2 }}>
        {onBack && (
          <Button onClick={onBack} disabled={submitting}>
            {backLabel ?? t("common.back")}
          </Button>
        )}
        <Button type="submit" variant="contained" size="large" disabled={!canSubmit} loading={submitting}>
          {submitLabel ?? t("auth.signUp.submit")}
        </Button>
      </Box>
      <AnonymisedDataDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </Box>
  );
}
