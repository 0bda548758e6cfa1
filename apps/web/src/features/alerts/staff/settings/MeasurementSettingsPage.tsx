import { NOTIFICATION_TYPE, type NotificationSettingResponse } from "@mimamori/shared";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { useSaveAlertSetting } from "../../../../api/alerts";
import { useLanguage } from "../../../../i18n/useLanguage";
import { AlertTypeScreen, EntitySettingsForm, isLocked, READABLE_HELPER } from "./SettingsParts";
import {
  ESCALATION_NEVER,
  escalationChoice,
  escalationFromChoice,
  type MeasurementChoice,
  measurementBody,
} from "./settings";

const TYPE = NOTIFICATION_TYPE.measurement;

/**
 * /staff/notification-settings/measurement-value (spec §2, §9): the entity's e-mail frequency for measurement
 * alerts and the escalation of unacknowledged red heat-stress alerts, and the caller's own e-mail choice.
 */
export function MeasurementSettingsPage() {
  const { t } = useTranslation();
  return (
    <AlertTypeScreen
      type={TYPE}
      title={t("alerts-staff-settings.measurement.title")}
      intro={t("alerts-staff-settings.measurement.intro")}
      ownLabel={t("alerts-staff-settings.measurement.own")}
      form={(workspace, setting) => <MeasurementForm workspace={workspace} setting={setting} />}
    />
  );
}

function MeasurementForm({
  workspace,
  setting,
}: {
  workspace: string;
  setting: NotificationSettingResponse;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const save = useSaveAlertSetting(workspace, TYPE, language);
  const saved: MeasurementChoice = {
    frequencyId: setting.notification_setting_type.id,
    escalationMinutes: setting.escalation_minutes,
  };

  return (
    <EntitySettingsForm
      setting={setting}
      saved={saved}
      locked={isLocked(setting)}
      saving={save.isPending}
      save={(draft) => save.mutateAsync(measurementBody(saved, draft))}
      fields={(draft, change, disabled) => (
        <TextField
          select
          label={t("alerts-staff-settings.measurement.escalation")}
          value={escalationChoice(draft.escalationMinutes)}
          onChange={(e) => change({ escalationMinutes: escalationFromChoice(e.target.value) })}
          disabled={disabled}
          helperText={t("alerts-staff-settings.measurement.escalationHelp")}
          slotProps={READABLE_HELPER}
        >
          <MenuItem value={ESCALATION_NEVER}>{t("alerts-staff-settings.measurement.never")}</MenuItem>
          {setting.escalation_minutes_options.map((m) => (
            <MenuItem key={m} value={String(m)}>
              {t("alerts-staff-settings.measurement.minutes", { count: m })}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
