import type { NotificationSettingResponse, NotificationType, SettingType } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { useAlertSetting, useSetReceiveEmail } from "../../../../api/alerts";
import { errorMessage } from "../../../../api/errors";
import { staffPath, useWorkspace } from "../../../../app/session/workspace";
import { ErrorState } from "../../../../components/ErrorState";
import { useNotify } from "../../../../components/Notifier";
import { PageLoader } from "../../../../components/PageLoader";
import { SectionCard } from "../../../../components/SectionCard";
import { usePageTitle } from "../../../../components/usePageTitle";
import { useSavedDraft } from "../../../../components/useSavedDraft";
import { useLanguage, useMessage } from "../../../../i18n/useLanguage";
import { byOrder, frequencyWhen, joinTimes, SETTINGS_PATH } from "./settings";

/** Helper text that stays readable (contrast) when its field is disabled by the lock: it explains the field. */
export const READABLE_HELPER = {
  formHelperText: { sx: { "&.Mui-disabled": { color: "text.secondary" } } },
} as const;

/**
 * Runs a save and says how it went: saved, or why not (a 409, locked meanwhile, says so; the hooks have the screen
 * read the settings again).
 */
export function useSaveWithNotice() {
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  return async (save: () => Promise<unknown>) => {
    try {
      await save();
      notify(msg("saved"), "success");
    } catch (err) {
      notify(errorMessage(err, language), "error");
    }
  };
}

/**
 * The sub-screen of one alert type: the entity's settings (`form`, once the type's settings and `waitFor` are read)
 * and the caller's own e-mail choice.
 */
export function AlertTypeScreen({
  type,
  title,
  intro,
  ownLabel,
  waitFor,
  form,
}: {
  type: NotificationType;
  title: string;
  intro: string;
  ownLabel: string;
  /**
   * Another read the form needs: its fields, read by the page (a query's result re-renders the component that
   * read a field of it, so the page must read them itself).
   */
  waitFor?: Pick<UseQueryResult<unknown>, "data" | "isError" | "error" | "refetch">;
  form: (workspace: string, setting: NotificationSettingResponse) => ReactNode;
}) {
  const language = useLanguage();
  const { workspace } = useWorkspace(true);
  const setting = useAlertSetting(workspace, type, language);
  usePageTitle(title);
  const reads = waitFor ? [setting, waitFor] : [setting];
  const failed = reads.find((r) => r.isError);

  return (
    <SubScreen workspace={workspace} title={title} intro={intro}>
      {failed ? (
        <ErrorState
          error={failed.error}
          onRetry={() => {
            for (const r of reads) if (r.isError) void r.refetch();
          }}
        />
      ) : !workspace || !setting.data || reads.some((r) => r.data === undefined) ? (
        <PageLoader minHeight={240} />
      ) : (
        <>
          {form(workspace, setting.data)}
          <OwnEmailCard
            workspace={workspace}
            type={type}
            receive={setting.data.receive_email}
            label={ownLabel}
          />
        </>
      )}
    </SubScreen>
  );
}

/** A sub-screen of /staff/notification-settings: breadcrumbs back to it, the title and what it is for. */
export function SubScreen({
  workspace,
  title,
  intro,
  children,
}: {
  workspace: string | null;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Breadcrumbs aria-label={t("alerts-staff-settings.breadcrumb")}>
        <Link href={staffPath(SETTINGS_PATH, workspace)}>{t("alerts-staff-settings.title")}</Link>
        <Typography color="text.primary" aria-current="page">
          {title}
        </Typography>
      </Breadcrumbs>
      <Box>
        <Typography variant="h1">{title}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {intro}
        </Typography>
      </Box>
      {children}
    </Stack>
  );
}

/** Why the selects and Set are disabled while the entity's settings are locked. */
export function LockedNote() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {t("alerts-staff-settings.form.lockedNote")}
    </Alert>
  );
}

/** The e-mail frequency: the server's options in their order, with when each one mails on the entity's clock. */
function FrequencySelect({
  options,
  value,
  onChange,
  disabled,
  zone,
}: {
  options: readonly SettingType[];
  value: number;
  onChange: (id: number) => void;
  disabled: boolean;
  zone: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (options.length === 0)
    return <Typography color="text.secondary">{t("alerts-staff-settings.form.noOptions")}</Typography>;
  const when = frequencyWhen(value);
  const help = !when
    ? undefined
    : when.realtime
      ? t("alerts-staff-settings.form.realtimeHelp")
      : t("alerts-staff-settings.form.timesHelp", { times: joinTimes(when.times, language), zone });
  return (
    <TextField
      select
      label={t("alerts-staff-settings.form.frequency")}
      value={options.some((o) => o.id === value) ? value : ""}
      onChange={(e) => onChange(Number(e.target.value))}
      disabled={disabled}
      helperText={help}
      slotProps={READABLE_HELPER}
    >
      {byOrder(options).map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The caller's own choice to receive a type's alert e-mails: saved at once, and allowed while locked. */
export function OwnEmailCard({
  workspace,
  type,
  receive,
  label,
}: {
  workspace: string;
  type: NotificationType;
  receive: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const saveWithNotice = useSaveWithNotice();
  const helpId = useId();
  const save = useSetReceiveEmail(workspace);

  const change = async (on: boolean) => {
    if (save.isPending) return;
    await saveWithNotice(() => save.mutateAsync({ notification_type: type, receive_email: on }));
  };

  return (
    <SectionCard title={t("alerts-staff-settings.form.ownTitle")}>
      <FormControlLabel
        control={
          <Switch
            checked={receive}
            // not disabled while saving: a disabled switch would drop the keyboard focus
            aria-busy={save.isPending}
            onChange={(e) => void change(e.target.checked)}
            slotProps={{ input: { "aria-describedby": helpId } }}
          />
        }
        label={label}
      />
      <FormHelperText id={helpId} sx={{ mx: 0 }}>
        {receive ? t("alerts-staff-settings.form.ownOn") : t("alerts-staff-settings.form.ownOff")}
        <br />
        {t("alerts-staff-settings.form.ownHelp")}
      </FormHelperText>
    </SectionCard>
  );
}

/** Whether the entity's alert settings are locked, as a settings answer says. */
export const isLocked = (s: { entity: { notification_setting_status: string } }) =>
  s.entity.notification_setting_status === "locked";

/**
 * The entity-wide settings of a sub-screen, on a draft of the `saved` choice: the locked note, the e-mail frequency
 * (every type has one), the type's other `fields` and the Set button, which has `save` send the draft's changes.
 */
export function EntitySettingsForm<T extends { frequencyId: number }>({
  setting,
  saved,
  locked,
  saving,
  save,
  fields,
}: {
  setting: NotificationSettingResponse;
  saved: T;
  locked: boolean;
  saving: boolean;
  save: (draft: T) => Promise<unknown>;
  fields: (draft: T, change: (part: Partial<T>) => void, disabled: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const saveWithNotice = useSaveWithNotice();
  const [draft, setDraft] = useSavedDraft(saved);
  const change = (part: Partial<T>) => setDraft((d) => ({ ...d, ...part }));
  const disabled = locked || saving;
  return (
    <SectionCard title={t("alerts-staff-settings.form.entitySettings")}>
      {locked && <LockedNote />}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!disabled) void saveWithNotice(() => save(draft));
        }}
      >
        <FrequencySelect
          options={setting.notification_setting_type_list}
          value={draft.frequencyId}
          onChange={(frequencyId) => setDraft((d) => ({ ...d, frequencyId }))}
          disabled={disabled}
          zone={setting.entity.time_zone}
        />
        {fields(draft, change, disabled)}
        <Stack direction="row" sx={{ justifyContent: "flex-end", mt: 2 }}>
          {/* not disabled while saving (a disabled button drops the keyboard focus): busy, and ignored */}
          <Button
            type="submit"
            variant="contained"
            disabled={locked}
            aria-busy={saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t("alerts-staff-settings.form.set")}
          </Button>
        </Stack>
      </Box>
    </SectionCard>
  );
}
