import { type FormQuestion, LANGUAGES, type Language } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useEffect, useMemo, useState } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { ResponsiveDialog } from "../../../components/ResponsiveDialog";
import { htmlLangOf } from "../../../i18n/language";
import { useLanguage } from "../../../i18n/useLanguage";
import { AnswerForm } from "../common/AnswerForm";
import type { Draft } from "./draft";

/** The draft's questions as a member's form shows them (new questions get a stand-in id by position). */
export function previewQuestions(draft: Draft): FormQuestion[] {
  return draft.questions.map((q, i) => ({
    id: q.id ?? -(i + 1),
    order: i + 1,
    text: q.text,
    question_type_id: q.question_type,
    is_required: q.is_required,
    question_options: q.options.map((o) => ({ order: o.order, text: o.text })),
  }));
}

/**
 * Preview: the form exactly as a member sees it, unsaved edits included, rendered by the members' own
 * `AnswerForm`. The language toggle switches the form's surrounding texts (a member reads them in their own
 * language); the questions are the staff's texts either way.
 */
export function PreviewDialog({
  open,
  draft,
  onClose,
}: {
  open: boolean;
  draft: Draft;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const appLanguage = useLanguage();
  const [language, setLanguage] = useState<Language>(appLanguage);
  useEffect(() => {
    if (open) setLanguage(appLanguage);
  }, [open, appLanguage]);
  // a second i18next instance on the same strings: the app keeps its language while the preview shows another
  const previewI18n = useMemo(
    () => i18n.cloneInstance({ lng: language, initAsync: false }),
    [i18n, language],
  );
  const questions = useMemo(() => previewQuestions(draft), [draft]);

  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      title={
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
        >
          <span>{t("forms-staff.preview.title")}</span>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={language}
            onChange={(_, next: Language | null) => next && setLanguage(next)}
            aria-label={t("forms-staff.preview.language")}
          >
            {LANGUAGES.map((l) => (
              <ToggleButton key={l} value={l} lang={htmlLangOf(l)}>
                {t(`language.${l}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      }
    >
      <DialogContent dividers>
        <Box lang={htmlLangOf(language)}>
          <I18nextProvider i18n={previewI18n}>
            <AnswerForm
              key={language}
              name={draft.name || t("forms-staff.editor.untitled")}
              description={draft.description}
              questions={questions}
              mode="preview"
              headingComponent="h2"
            />
          </I18nextProvider>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
