import { localeOf, NOTIFICATION_LIMITS, windowLimitText } from "@mimamori/shared";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errors";
import { notificationSettingEndpoints } from "../../../api/notification-settings";
import { DateTimeField } from "../../../components/DateTimeField";
import { useNotify } from "../../../components/Notifier";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { formatBytes, streamDownload } from "../../reports-common/download";
import { nowSeconds } from "../../reports-common/useReportWindow";
import { fromDateTimeInput, toDateTimeInput } from "../../reports-common/window";
import {
  ALERT_KINDS,
  type AlertKind,
  defaultPeriod,
  downloadQuery,
  fallbackName,
} from "./notificationsDownload";

/**
 * The admin's download of an entity's alerts (ADMIN-06/07, API-47): a period (the last 30 days by default) and
 * a type; the CSV streams in with its progress shown, and can be cancelled. The period is picked on the entity's
 * clock (`timezone`), the one the file's times are in (docs/decisions.md "Times").
 */
export function NotificationsDownloadCard({
  workspace,
  timezone,
  titleId,
}: {
  workspace: string;
  timezone: string;
  titleId: string;
}) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const [from, setFrom] = useState(() => toDateTimeInput(defaultPeriod(nowSeconds()).start, timezone));
  const [to, setTo] = useState(() => toDateTimeInput(defaultPeriod(nowSeconds()).end, timezone));
  const [kind, setKind] = useState<AlertKind>("measurement");
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [bytes, setBytes] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);
  const size = (n: number) => formatBytes(n, localeOf(language));
  const busy = bytes !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = downloadQuery(fromDateTimeInput(from, timezone), fromDateTimeInput(to, timezone), kind);
    if ("errors" in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    const controller = new AbortController();
    abort.current = controller;
    setBytes(0);
    try {
      const done = await streamDownload(
        notificationSettingEndpoints.adminNotificationsCsvPath(workspace, checked.query),
        { fallbackName: fallbackName(workspace, kind), onProgress: setBytes, signal: controller.signal },
      );
      notify(t("admin-entities.notificationsDownload.done", { name: done.filename, size: size(done.bytes) }));
    } catch (err) {
      if (controller.signal.aborted) notify(t("admin-entities.notificationsDownload.cancelled"), "info");
      else setFailure(err);
    } finally {
      abort.current = null;
      setBytes(null);
    }
  };

  const limit = t("admin-entities.notificationsDownload.limit", {
    limit: windowLimitText(NOTIFICATION_LIMITS.windowDays, language),
    zone: timezone,
  });

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography variant="h2" id={titleId} gutterBottom>
          {t("admin-entities.notificationsDownload.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t("admin-entities.notificationsDownload.intro")}
        </Typography>
        <Box component="form" noValidate onSubmit={submit}>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <DateTimeField
                label={t("admin-entities.notificationsDownload.start")}
                value={from}
                onChange={setFrom}
                error={!!errors.from}
                helperText={errors.from ? msg(errors.from) : undefined}
                disabled={busy}
                step={60}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <DateTimeField
                label={t("admin-entities.notificationsDownload.end")}
                value={to}
                onChange={setTo}
                error={!!errors.to}
                helperText={errors.to ? msg(errors.to) : limit}
                disabled={busy}
                step={60}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                select
                label={t("admin-entities.notificationsDownload.type")}
                value={kind}
                onChange={(e) => setKind(e.target.value as AlertKind)}
                disabled={busy}
              >
                {ALERT_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {t(`admin-entities.notificationsDownload.${k}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          </Grid>
          <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", mt: 2 }}>
            {busy && (
              <Button onClick={() => abort.current?.abort()}>
                {t("admin-entities.notificationsDownload.cancel")}
              </Button>
            )}
            <Button type="submit" variant="contained" startIcon={<DownloadOutlined />} loading={busy}>
              {t("admin-entities.notificationsDownload.download")}
            </Button>
          </Stack>
        </Box>
        {busy && (
          <Box role="status" sx={{ mt: 2 }}>
            <LinearProgress aria-label={t("admin-entities.notificationsDownload.progressLabel")} />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t("admin-entities.notificationsDownload.received", { size: size(bytes) })}
            </Typography>
          </Box>
        )}
        {failure !== null && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(failure, language)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
