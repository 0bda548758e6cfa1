import { NOTIFICATION_LIMITS, windowLimitText } from "@mimamori/shared";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { alertSettingEndpoints } from "../../../api/alerts";
import { DateTimeField } from "../../../components/DateTimeField";
import {
  DownloadActions,
  DownloadFailure,
  DownloadProgress,
  useFormatBytes,
} from "../../../components/DownloadProgress";
import { useNotify } from "../../../components/Notifier";
import { SectionCard } from "../../../components/SectionCard";
import { SelectField } from "../../../components/SelectField";
import { useStreamedDownload } from "../../../components/useStreamedDownload";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { nowSeconds } from "../../reports/common/useReportWindow";
import { fromDateTimeInput, toDateTimeInput } from "../../reports/common/window";
import { ALERT_KINDS, type AlertKind, defaultPeriod, downloadQuery, fallbackName } from "./alertsDownload";

/**
 * The admin's download of an entity's alerts (ADMIN-06/07, API-47): a period (the last 30 days by default) and
 * a type; the CSV streams in with its progress shown, and can be cancelled. The period is picked on the entity's
 * clock (`timezone`), the one the file's times are in (docs/decisions.md "Times").
 */
export function AlertsDownloadCard({
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
  const download = useStreamedDownload();
  const size = useFormatBytes();
  const busy = download.busy;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = downloadQuery(fromDateTimeInput(from, timezone), fromDateTimeInput(to, timezone), kind);
    if ("errors" in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const ended = await download.start(
      alertSettingEndpoints.adminAlertsCsvPath(workspace, checked.query),
      fallbackName(workspace, kind),
    );
    if ("file" in ended)
      notify(
        t("entities-admin.notificationsDownload.done", {
          name: ended.file.filename,
          size: size(ended.file.bytes),
        }),
      );
    else if ("cancelled" in ended) notify(t("entities-admin.notificationsDownload.cancelled"), "info");
  };

  const limit = t("entities-admin.notificationsDownload.limit", {
    limit: windowLimitText(NOTIFICATION_LIMITS.windowDays, language),
    zone: timezone,
  });

  return (
    <SectionCard
      title={t("entities-admin.notificationsDownload.title")}
      titleId={titleId}
      intro={t("entities-admin.notificationsDownload.intro")}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <DateTimeField
              label={t("entities-admin.notificationsDownload.start")}
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
              label={t("entities-admin.notificationsDownload.end")}
              value={to}
              onChange={setTo}
              error={!!errors.to}
              helperText={errors.to ? msg(errors.to) : limit}
              disabled={busy}
              step={60}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <SelectField
              label={t("entities-admin.notificationsDownload.type")}
              value={kind}
              onChange={setKind}
              options={ALERT_KINDS}
              optionLabel={(k) => t(`entities-admin.notificationsDownload.${k}`)}
              disabled={busy}
            />
          </Grid>
        </Grid>
        <DownloadActions download={download} cancelLabel={t("entities-admin.notificationsDownload.cancel")}>
          <Button type="submit" variant="contained" startIcon={<DownloadOutlined />} loading={busy}>
            {t("entities-admin.notificationsDownload.download")}
          </Button>
        </DownloadActions>
      </Box>
      <DownloadProgress
        download={download}
        label={t("entities-admin.notificationsDownload.progressLabel")}
        received={(size) => t("entities-admin.notificationsDownload.received", { size })}
      />
      <DownloadFailure download={download} />
    </SectionCard>
  );
}
