import {
  NOTIFICATION_TYPE,
  type NotificationSettingResponse,
  type SyncSettingsResponse,
} from "@mimamori/shared";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { useSaveAlertSetting, useSaveSyncSettings, useSyncSettings } from "../../../../api/alerts";
import { useWorkspace } from "../../../../app/session/workspace";
import { useLanguage } from "../../../../i18n/useLanguage";
import { AlertTypeScreen, EntitySettingsForm, isLocked, READABLE_HELPER } from "./SettingsParts";
import { type SyncChoice, syncCalls, syncLengthKey } from "./settings";

const TYPE = NOTIFICATION_TYPE.sync;

/**
 * /staff/notification-settings/synchronization (spec §2, §9): the entity's e-mail frequency for out-of-sync
 * alerts (no real time) and how long a band may stay silent, and the caller's own e-mail choice.
 */
export function SynchronizationSettingsPage() {
  const { t } = useTranslation();
  const { workspace } = useWorkspace(true);
  const { data: sync, isError, error, refetch } = useSyncSettings(workspace);
  return (
    <AlertTypeScreen
      type={TYPE}
      title={t("alerts-staff-settings.sync.title")}
      intro={t("alerts-staff-settings.sync.intro")}
      ownLabel={t("alerts-staff-settings.sync.own")}
      waitFor={{ data: sync, isError, error, refetch }}
      form={(ws, setting) => sync && <SyncForm workspace={ws} setting={setting} sync={sync} />}
    />
  );
}

function SyncForm({
  workspace,
  setting,
  sync,
}: {
  workspace: string;
  setting: NotificationSettingResponse;
  sync: SyncSettingsResponse;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const saveFrequency = useSaveAlertSetting(workspace, TYPE, language);
  const saveLength = useSaveSyncSettings(workspace);
  const saved: SyncChoice = {
    frequencyId: setting.notification_setting_type.id,
    lengthOptionId: sync.notification_sync_length_option.id,
  };
  const save = async (draft: SyncChoice) => {
    const changes = syncCalls(saved, draft);
    if (changes.frequencyId !== undefined)
      await saveFrequency.mutateAsync({ notification_setting_type_id: changes.frequencyId });
    if (changes.lengthOptionId !== undefined)
      await saveLength.mutateAsync({ notification_sync_length_option_id: changes.lengthOptionId });
  };

  const lengths = sync.notification_sync_length_option_list;
  return (
    <EntitySettingsForm
      setting={setting}
      saved={saved}
      locked={isLocked(setting) || isLocked(sync)}
      saving={saveFrequency.isPending || saveLength.isPending}
      save={save}
      fields={(draft, change, disabled) => (
        <TextField
          select
          label={t("alerts-staff-settings.sync.length")}
          value={lengths.some((o) => o.id === draft.lengthOptionId) ? draft.lengthOptionId : ""}
          onChange={(e) => change({ lengthOptionId: Number(e.target.value) })}
          disabled={disabled || lengths.length === 0}
          helperText={
            lengths.length === 0
              ? t("alerts-staff-settings.form.noOptions")
              : t("alerts-staff-settings.sync.lengthHelp")
          }
          slotProps={READABLE_HELPER}
        >
          {lengths.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {t(`alerts-staff-settings.${syncLengthKey(o.duration_by_hour)}`, {
                count: o.duration_by_hour,
              })}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
