import { ADMIN_EXPORT_MAX_DAYS, type AdminExportQuery, localeOf, windowLimitText } from "@mimamori/shared";
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
import { type FormEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errors";
import { reportEndpoints } from "../../../api/reports";
import { useRawRetentionDefaults } from "../../../api/retention";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DateTimeField } from "../../../components/DateTimeField";
import { useNotify } from "../../../components/Notifier";
import { usePageTitle } from "../../../components/usePageTitle";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { type Downloaded, formatBytes, streamDownload } from "../../reports-common/download";
import { nowSeconds } from "../../reports-common/useReportWindow";
import {
  browserTimezone,
  formatStamp,
  fromDateTimeInput,
  periodErrors,
  startOfDay,
  toDateTimeInput,
} from "../../reports-common/window";

type DataType = AdminExportQuery["data_type"];
type DbType = AdminExportQuery["db_type"];

interface Request {
  start: number;
  end: number;
  dataType: DataType;
  dbType: DbType;
}

/**
 * /admin/CSVdownload: every user's data of a period (§2, ADMIN-07) after a confirmation; the file streams in
 * with its progress shown on the page, and can be cancelled. It spans every entity, so its period and times are
 * on the admin's device clock, named at the pickers (docs/decisions.md "Times").
 */
export function AdminCsvPage() {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const timezone = useMemo(browserTimezone, []);
  const today = startOfDay(nowSeconds(), timezone);
  const [from, setFrom] = useState(() => toDateTimeInput(today - 6 * 86400, timezone));
  const [to, setTo] = useState(() => toDateTimeInput(today + 86400, timezone));
  const [dataType, setDataType] = useState<DataType>("Vital");
  const [dbType, setDbType] = useState<DbType>("Preprocessed");
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [pending, setPending] = useState<Request | null>(null);
  const [bytes, setBytes] = useState<number | null>(null);
  const [result, setResult] = useState<{ done: Downloaded } | { error: unknown } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const retention = useRawRetentionDefaults().data;
  usePageTitle(t("reports-common.admin.title"));
  const size = (n: number) => formatBytes(n, localeOf(language));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const start = fromDateTimeInput(from, timezone);
    const end = fromDateTimeInput(to, timezone);
    const errs = periodErrors(start, end, ADMIN_EXPORT_MAX_DAYS[dataType][dbType]);
    setErrors(errs);
    if (start !== null && end !== null && !errs.from && !errs.to)
      setPending({ start, end, dataType, dbType });
  };

  const download = async (r: Request) => {
    const controller = new AbortController();
    abort.current = controller;
    setResult(null);
    setBytes(0);
    try {
      const done = await streamDownload(
        reportEndpoints.allUsersCsvPath({
          start_time: r.start,
          end_time: r.end,
          data_type: r.dataType,
          db_type: r.dbType,
          timezone,
        }),
        {
          fallbackName: `all_users_${r.dataType}_${r.dbType}.csv`.toLowerCase(),
          onProgress: setBytes,
          signal: controller.signal,
        },
      );
      // the page says so (and stays readable); no snackbar on top of it
      setResult({ done });
    } catch (err) {
      if (controller.signal.aborted) notify(t("reports-common.admin.cancelled"), "info");
      else setResult({ error: err });
    } finally {
      abort.current = null;
      setBytes(null);
    }
  };

  const busy = bytes !== null;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1">{t("reports-common.admin.title")}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t("reports-common.admin.intro")}
        </Typography>
      </Box>
      <Card>
        <CardContent>
          <Box component="form" noValidate onSubmit={submit}>
            <Typography variant="body2" color="text.secondary">
              {t("common.requiredNote")}
            </Typography>
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <DateTimeField
                  label={t("reports-common.csv.start")}
                  value={from}
                  onChange={setFrom}
                  error={!!errors.from}
                  helperText={errors.from ? msg(errors.from) : t("time.pickerZone", { zone: timezone })}
                  disabled={busy}
                  step={600}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <DateTimeField
                  label={t("reports-common.csv.end")}
                  value={to}
                  onChange={setTo}
                  error={!!errors.to}
                  helperText={errors.to ? msg(errors.to) : t("time.pickerZone", { zone: timezone })}
                  disabled={busy}
                  step={600}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  label={t("reports-common.admin.dataType")}
                  value={dataType}
                  onChange={(e) => setDataType(e.target.value as DataType)}
                  disabled={busy}
                  helperText={t(`reports-common.admin.dataTypeHelp.${dataType}`)}
                >
                  <MenuItem value="Vital">{t("reports-common.admin.vital")}</MenuItem>
                  <MenuItem value="Sleep">{t("reports-common.admin.sleep")}</MenuItem>
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  label={t("reports-common.admin.dbType")}
                  value={dbType}
                  onChange={(e) => setDbType(e.target.value as DbType)}
                  disabled={busy}
                  helperText={`${t(`reports-common.admin.dbTypeHelp.${dbType}`)} ${t(
                    "reports-common.csv.limit",
                    {
                      limit: windowLimitText(ADMIN_EXPORT_MAX_DAYS[dataType][dbType], language),
                    },
                  )}`}
                >
                  <MenuItem value="Preprocessed">{t("reports-common.admin.preprocessed")}</MenuItem>
                  <MenuItem value="Raw">{t("reports-common.admin.raw")}</MenuItem>
                </TextField>
              </Grid>
            </Grid>
            {dataType === "Vital" && dbType === "Raw" && retention && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t("reports-common.admin.rawKept", { days: retention.default_days })}
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", mt: 2 }}>
              {busy && (
                <Button onClick={() => abort.current?.abort()}>{t("reports-common.actions.cancel")}</Button>
              )}
              <Button type="submit" variant="contained" startIcon={<DownloadOutlined />} loading={busy}>
                {t("reports-common.csv.download")}
              </Button>
            </Stack>
          </Box>
          {busy && (
            <Box role="status" sx={{ mt: 2 }}>
              <LinearProgress aria-label={t("reports-common.csv.progressLabel")} />
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t("reports-common.csv.received", { size: size(bytes) })}
              </Typography>
            </Box>
          )}
          {result && "done" in result && (
            <Alert severity="success" sx={{ mt: 2 }}>
              {t("reports-common.csv.done", { name: result.done.filename, size: size(result.done.bytes) })}
            </Alert>
          )}
          {result && "error" in result && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(result.error, language)}
            </Alert>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={pending !== null}
        title={t("reports-common.admin.confirmTitle")}
        confirmLabel={t("reports-common.csv.download")}
        destructive={false}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending) void download(pending);
        }}
      >
        {pending && (
          <Typography>
            {t("reports-common.admin.confirmText", {
              start: formatStamp(pending.start, timezone),
              end: formatStamp(pending.end, timezone),
              dataType: t(
                pending.dataType === "Vital" ? "reports-common.admin.vital" : "reports-common.admin.sleep",
              ),
              dbType: t(
                pending.dbType === "Raw" ? "reports-common.admin.raw" : "reports-common.admin.preprocessed",
              ),
            })}
          </Typography>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
