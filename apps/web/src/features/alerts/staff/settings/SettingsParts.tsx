import type { NotificationType, SettingType } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { useSetReceiveEmail } from "../../../../api/alerts";
import { errorMessage } from "../../../../api/errors";
import { staffPath } from "../../../../app/session/workspace";
import { useNotify } from "../../../../components/Notifier";
import { useLanguage, useMessage } from "../../../../i18n/useLanguage";
import { byOrder, frequencyWhen, joinTimes, SETTINGS_PATH } from "./settings";

/** Helper text that stays readable (contrast) when its field is disabled by the lock: it explains the field. */
export const READABLE_HELPER = {
  formHelperText: { sx: { "&.Mui-disabled": { color: "text.secondary" } } },
} as const;

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
export function FrequencySelect({
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
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const titleId = useId();
  const helpId = useId();
  const save = useSetReceiveEmail(workspace);

  const change = async (on: boolean) => {
    if (save.isPending) return;
    try {
      await save.mutateAsync({ notification_type: type, receive_email: on });
      notify(msg("saved"), "success");
    } catch (err) {
      notify(errorMessage(err, language), "error");
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography variant="h2" id={titleId} gutterBottom>
          {t("alerts-staff-settings.form.ownTitle")}
        </Typography>
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
      </CardContent>
    </Card>
  );
}

/** The entity-wide settings of a sub-screen: its fields, the locked note and the Set button. */
export function EntitySettingsCard({
  locked,
  saving,
  onSet,
  children,
}: {
  locked: boolean;
  saving: boolean;
  onSet: () => unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography variant="h2" id={titleId} gutterBottom>
          {t("alerts-staff-settings.form.entitySettings")}
        </Typography>
        {locked && <LockedNote />}
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!locked && !saving) onSet();
          }}
        >
          {children}
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
      </CardContent>
    </Card>
  );
}
