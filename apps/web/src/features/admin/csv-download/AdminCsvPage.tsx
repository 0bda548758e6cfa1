import { ADMIN_EXPORT_MAX_DAYS, type AdminExportQuery, windowLimitText } from "@mimamori/shared";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { reportEndpoints } from "../../../api/reports";
import { useRawRetentionDefaults } from "../../../api/vitals";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import {
  DownloadActions,
  DownloadFailure,
  DownloadProgress,
  useFormatBytes,
} from "../../../components/DownloadProgress";
import { useNotify } from "../../../components/Notifier";
import { RequiredNote } from "../../../components/RequiredNote";
import { SelectField } from "../../../components/SelectField";
import { usePageTitle } from "../../../components/usePageTitle";
import { useStreamedDownload } from "../../../components/useStreamedDownload";
import { useLanguage } from "../../../i18n/useLanguage";
import { CsvPeriodFields } from "../../reports/common/CsvDialog";
import { usePeriodInput } from "../../reports/common/usePeriodInput";
import { nowSeconds } from "../../reports/common/useReportWindow";
import { browserTimezone, formatStamp, startOfDay } from "../../reports/common/window";

type DataType = AdminExportQuery["data_type"];
type DbType = AdminExportQuery["db_type"];
const DATA_TYPES: readonly DataType[] = ["Vital", "Sleep"];
const DB_TYPES: readonly DbType[] = ["Preprocessed", "Raw"];
const OPTION_NAMES = {
  Vital: "reports-common.admin.vital",
  Sleep: "reports-common.admin.sleep",
  Preprocessed: "reports-common.admin.preprocessed",
  Raw: "reports-common.admin.raw",
} as const;

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
  const language = useLanguage();
  const notify = useNotify();
  const timezone = useMemo(browserTimezone, []);
  const today = startOfDay(nowSeconds(), timezone);
  const period = usePeriodInput(timezone, { start: today - 6 * 86400, end: today + 86400 });
  const [dataType, setDataType] = useState<DataType>("Vital");
  const [dbType, setDbType] = useState<DbType>("Preprocessed");
  const [pending, setPending] = useState<Request | null>(null);
  const download = useStreamedDownload();
  const retention = useRawRetentionDefaults().data;
  usePageTitle(t("reports-common.admin.title"));
  const size = useFormatBytes();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = period.check(ADMIN_EXPORT_MAX_DAYS[dataType][dbType]);
    if (p) setPending({ ...p, dataType, dbType });
  };

  // a finished file is said on the page (and stays readable), no snackbar on top of it
  const run = async (r: Request) => {
    const ended = await download.start(
      reportEndpoints.allUsersCsvPath({
        start_time: r.start,
        end_time: r.end,
        data_type: r.dataType,
        db_type: r.dbType,
        timezone,
      }),
      `all_users_${r.dataType}_${r.dbType}.csv`.toLowerCase(),
    );
    if ("cancelled" in ended) notify(t("reports-common.admin.cancelled"), "info");
  };

  const busy = download.busy;
  const done = download.state.status === "done" ? download.state.file : null;

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
            <RequiredNote />
            <CsvPeriodFields row period={period} zone={timezone} disabled={busy} />
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <SelectField
                  label={t("reports-common.admin.dataType")}
                  value={dataType}
                  onChange={setDataType}
                  options={DATA_TYPES}
                  optionLabel={(d) => t(OPTION_NAMES[d])}
                  disabled={busy}
                  helperText={t(`reports-common.admin.dataTypeHelp.${dataType}`)}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <SelectField
                  label={t("reports-common.admin.dbType")}
                  value={dbType}
                  onChange={setDbType}
                  options={DB_TYPES}
                  optionLabel={(d) => t(OPTION_NAMES[d])}
                  disabled={busy}
                  helperText={`${t(`reports-common.admin.dbTypeHelp.${dbType}`)} ${t(
                    "reports-common.csv.limit",
                    {
                      limit: windowLimitText(ADMIN_EXPORT_MAX_DAYS[dataType][dbType], language),
                    },
                  )}`}
                />
              </Grid>
            </Grid>
            {dataType === "Vital" && dbType === "Raw" && retention && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t("reports-common.admin.rawKept", { days: retention.default_days })}
              </Alert>
            )}
            <DownloadActions download={download} cancelLabel={t("reports-common.actions.cancel")}>
              <Button type="submit" variant="contained" startIcon={<DownloadOutlined />} loading={busy}>
                {t("reports-common.csv.download")}
              </Button>
            </DownloadActions>
          </Box>
          <DownloadProgress
            download={download}
            label={t("reports-common.csv.progressLabel")}
            received={(size) => t("reports-common.csv.received", { size })}
          />
          {done && (
            <Alert severity="success" sx={{ mt: 2 }}>
              {t("reports-common.csv.done", { name: done.filename, size: size(done.bytes) })}
            </Alert>
          )}
          <DownloadFailure download={download} />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={pending !== null}
        title={t("reports-common.admin.confirmTitle")}
        confirmLabel={t("reports-common.csv.download")}
        destructive={false}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending) void run(pending);
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
