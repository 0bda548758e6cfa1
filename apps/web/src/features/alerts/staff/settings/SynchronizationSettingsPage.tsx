import {
  NOTIFICATION_TYPE,
  type NotificationSettingResponse,
  type SyncSettingsResponse,
} from "@mimamori/shared";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  useAlertSetting,
  useSaveAlertSetting,
  useSaveSyncSettings,
  useSyncSettings,
} from "../../../../api/alerts";
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
import { type SyncChoice, syncCalls, syncLengthKey } from "./settings";

const TYPE = NOTIFICATION_TYPE.sync;

/**
 * /staff/notification-settings/synchronization (spec §2, §9): the entity's e-mail frequency for out-of-sync
 * alerts (no real time) and how long a band may stay silent, and the caller's own e-mail choice.
 */
export function SynchronizationSettingsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { workspace } = useWorkspace(true);
  const setting = useAlertSetting(workspace, TYPE, language);
  const sync = useSyncSettings(workspace);
  const title = t("alerts-staff-settings.sync.title");
  usePageTitle(title);

  const failed = setting.isError ? setting.error : sync.isError ? sync.error : null;
  const loaded =
    workspace && setting.data && sync.data ? { ws: workspace, setting: setting.data, sync: sync.data } : null;
  return (
    <SubScreen workspace={workspace} title={title} intro={t("alerts-staff-settings.sync.intro")}>
      {failed !== null ? (
        <ErrorState
          error={failed}
          onRetry={() => {
            if (setting.isError) void setting.refetch();
            if (sync.isError) void sync.refetch();
          }}
        />
      ) : !loaded ? (
        <PageLoader minHeight={240} />
      ) : (
        <>
          <SyncForm workspace={loaded.ws} setting={loaded.setting} sync={loaded.sync} />
          <OwnEmailCard
            workspace={loaded.ws}
            type={TYPE}
            receive={loaded.setting.receive_email}
            label={t("alerts-staff-settings.sync.own")}
          />
        </>
      )}
    </SubScreen>
  );
}

const isLocked = (s: { entity: { notification_setting_status: string } }) =>
  s.entity.notification_setting_status === "locked";

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
  const msg = useMessage();
  const notify = useNotify();
  const saveFrequency = useSaveAlertSetting(workspace, TYPE, language);
  const saveLength = useSaveSyncSettings(workspace);
  const saved: SyncChoice = {
    frequencyId: setting.notification_setting_type.id,
    lengthOptionId: sync.notification_sync_length_option.id,
  };
  const [draft, setDraft] = useState<SyncChoice>(saved);
  const locked = isLocked(setting) || isLocked(sync);
  const saving = saveFrequency.isPending || saveLength.isPending;
  // a new saved state (after Set, or a colleague's change read again) starts the form again from it
  useEffect(() => {
    setDraft({ frequencyId: saved.frequencyId, lengthOptionId: saved.lengthOptionId });
  }, [saved.frequencyId, saved.lengthOptionId]);

  const set = async () => {
    const changes = syncCalls(saved, draft);
    try {
      if (changes.frequencyId !== undefined)
        await saveFrequency.mutateAsync({ notification_setting_type_id: changes.frequencyId });
      if (changes.lengthOptionId !== undefined)
        await saveLength.mutateAsync({ notification_sync_length_option_id: changes.lengthOptionId });
      notify(msg("saved"), "success");
    } catch (err) {
      // a 409 (locked meanwhile) says so; the hooks have the screen read the settings again
      notify(errorMessage(err, language), "error");
    }
  };

  const lengths = sync.notification_sync_length_option_list;
  return (
    <EntitySettingsCard locked={locked} saving={saving} onSet={set}>
      <FrequencySelect
        options={setting.notification_setting_type_list}
        value={draft.frequencyId}
        onChange={(frequencyId) => setDraft((d) => ({ ...d, frequencyId }))}
        disabled={locked || saving}
        zone={setting.entity.time_zone}
      />
      <TextField
        select
        label={t("alerts-staff-settings.sync.length")}
        value={lengths.some((o) => o.id === draft.lengthOptionId) ? draft.lengthOptionId : ""}
        onChange={(e) => setDraft((d) => ({ ...d, lengthOptionId: Number(e.target.value) }))}
        disabled={locked || saving || lengths.length === 0}
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
    </EntitySettingsCard>
  );
}
