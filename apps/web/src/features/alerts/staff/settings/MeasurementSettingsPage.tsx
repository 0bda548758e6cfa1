import { NOTIFICATION_TYPE, type NotificationSettingResponse } from "@mimamori/shared";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAlertSetting, useSaveAlertSetting } from "../../../../api/alerts";
import { errorMessage } from "../../../../api/errors";
import { useWorkspace } from "../../../../app/session/workspace";
import { ErrorState } from "../../../../components/ErrorState";
import { useNotify } from "../../../../components/Notifier";
import { PageLoader } from "../../../../components/PageLoader";
import { usePageTitle } from "../../../../components/usePageTitle";
import { useLanguage, useMessage } from "../../../../i18n/useLanguage";
import {
  EntitySettingsCard,
  FrequencySelect,
  OwnEmailCard,
  READABLE_HELPER,
  SubScreen,
} from "./SettingsParts";
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
  const language = useLanguage();
  const { workspace } = useWorkspace(true);
  const setting = useAlertSetting(workspace, TYPE, language);
  const title = t("alerts-staff-settings.measurement.title");
  usePageTitle(title);

  return (
    <SubScreen workspace={workspace} title={title} intro={t("alerts-staff-settings.measurement.intro")}>
      {setting.isError ? (
        <ErrorState error={setting.error} onRetry={() => setting.refetch()} />
      ) : setting.isPending || !workspace ? (
        <PageLoader minHeight={240} />
      ) : (
        <>
          <MeasurementForm workspace={workspace} setting={setting.data} />
          <OwnEmailCard
            workspace={workspace}
            type={TYPE}
            receive={setting.data.receive_email}
            label={t("alerts-staff-settings.measurement.own")}
          />
        </>
      )}
    </SubScreen>
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
  const msg = useMessage();
  const notify = useNotify();
  const save = useSaveAlertSetting(workspace, TYPE, language);
  const saved: MeasurementChoice = {
    frequencyId: setting.notification_setting_type.id,
    escalationMinutes: setting.escalation_minutes,
  };
  const [draft, setDraft] = useState<MeasurementChoice>(saved);
  const locked = setting.entity.notification_setting_status === "locked";
  // a new saved state (after Set, or a colleague's change read again) starts the form again from it
  useEffect(() => {
    setDraft({ frequencyId: saved.frequencyId, escalationMinutes: saved.escalationMinutes });
  }, [saved.frequencyId, saved.escalationMinutes]);

  const set = async () => {
    try {
      await save.mutateAsync(measurementBody(saved, draft));
      notify(msg("saved"), "success");
    } catch (err) {
      // a 409 (locked meanwhile) says so; the hook has the screen read the settings again
      notify(errorMessage(err, language), "error");
    }
  };

  return (
    <EntitySettingsCard locked={locked} saving={save.isPending} onSet={set}>
      <FrequencySelect
        options={setting.notification_setting_type_list}
        value={draft.frequencyId}
        onChange={(frequencyId) => setDraft((d) => ({ ...d, frequencyId }))}
        disabled={locked || save.isPending}
        zone={setting.entity.time_zone}
      />
      <TextField
        select
        label={t("alerts-staff-settings.measurement.escalation")}
        value={escalationChoice(draft.escalationMinutes)}
        onChange={(e) => setDraft((d) => ({ ...d, escalationMinutes: escalationFromChoice(e.target.value) }))}
        disabled={locked || save.isPending}
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
    </EntitySettingsCard>
  );
}
