import type { Form } from "@mimamori/shared";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Draft } from "./draft";
import { SchedulesSection } from "./SchedulesSection";

interface Props {
  workspace: string;
  draft: Draft;
  /** The saved form; null for a new one (recurring sends need a saved form). */
  form: Form | null;
  onChange: (update: (d: Draft) => Draft) => void;
}

/** The Settings tab: default form, editable, and the form's recurring sends (FORM-14, FORM-15). */
export function SettingsTab({ workspace, draft, form, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: "1.15rem", mb: 1 }}>
            {t("forms-staff.settings.heading")}
          </Typography>
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.is_default}
                onChange={(e) => onChange((d) => ({ ...d, is_default: e.target.checked }))}
                slotProps={{ input: { "aria-describedby": `${id}-default` } }}
              />
            }
            label={t("forms-staff.settings.default")}
          />
          <FormHelperText id={`${id}-default`} sx={{ ml: 4, mt: -0.5, mb: 2 }}>
            {t("forms-staff.settings.defaultHelp")}
          </FormHelperText>
          <FormControlLabel
            control={
              <Switch
                checked={draft.is_editable}
                onChange={(e) => onChange((d) => ({ ...d, is_editable: e.target.checked }))}
                slotProps={{ input: { "aria-describedby": `${id}-editable` } }}
              />
            }
            label={t("forms-staff.settings.editable")}
          />
          <FormHelperText id={`${id}-editable`} sx={{ ml: 6, mt: -0.5 }}>
            {t("forms-staff.settings.editableHelp")}
          </FormHelperText>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: "1.15rem", mb: 0.5 }}>
            {t("forms-staff.schedules.heading")}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t("forms-staff.schedules.intro")}
          </Typography>
          {form ? (
            <SchedulesSection workspace={workspace} formId={form.id} schedules={form.schedules} />
          ) : (
            <Typography>{t("forms-staff.schedules.saveFirst")}</Typography>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
