import type { HeatRecord, HeatRecordRow, Language } from "@mimamori/shared";
import { ACK_ACTION_NAMES, NOTIFICATION_LIMITS } from "@mimamori/shared";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import PrintOutlined from "@mui/icons-material/PrintOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import GlobalStyles from "@mui/material/GlobalStyles";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { alertEndpoints, useHeatRecord } from "../../../api/alerts";
import { staffPath, useWorkspace } from "../../../app/session/workspace";
import { DownloadFailure } from "../../../components/DownloadProgress";
import { ErrorState } from "../../../components/ErrorState";
import { useNotify } from "../../../components/Notifier";
import { usePageTitle } from "../../../components/usePageTitle";
import { useStreamedDownload } from "../../../components/useStreamedDownload";
import { useLanguage } from "../../../i18n/useLanguage";
import { formatStamp } from "../../reports/common/window";
import { heatValueText, NOTIFICATIONS_PATH, recordFileName, secondsOf } from "./alerts";
import { PeriodForm } from "./PeriodForm";
import { usePeriodInUrl } from "./usePeriodInUrl";

/** The record's columns and their share of the width (fixed, so a long note cannot squeeze the others). */
const RECORD_COLUMNS = [
  ["time", "13%"],
  ["member", "15%"],
  ["value", "7%"],
  ["told", "22%"],
  ["acknowledged", "13%"],
  ["action", "20%"],
  ["cleared", "10%"],
] as const;

/** Marks what the printout leaves out (the period form, the buttons). */
const NO_PRINT = "mm-no-print";

/**
 * Printing: only the record itself on A4 landscape. The app's top bar, sidebar and the toolbar spacer of the
 * layout are hidden, the main area takes the full width and the table's type shrinks to fit the page.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      "@media print": {
        "@page": { size: "A4 landscape", margin: "10mm" },
        // the sidebar's wrapper keeps its 280 px unless it goes too
        "header, nav, .MuiAppBar-root, .MuiDrawer-root, div:has(> .MuiDrawer-root), main > .MuiToolbar-root":
          {
            display: "none !important",
          },
        [`.${NO_PRINT}`]: { display: "none !important" },
        body: { background: "#fff" },
        main: { width: "100% !important", padding: "0 !important" },
        "main > div": { padding: "0 !important", maxWidth: "none !important" },
        ".mm-record-table": { overflow: "visible !important" },
        ".mm-record-table table": { minWidth: "0 !important", width: "100%" },
        ".mm-record-table th, .mm-record-table td": { padding: "2pt 3pt !important" },
        ".mm-record-table th, .mm-record-table td, .mm-record-table td *": {
          fontSize: "8pt !important",
          lineHeight: "1.3 !important",
        },
        ".mm-record-table tr": { breakInside: "avoid" },
        ".mm-record-card": { border: "none !important" },
        ".mm-record-card > .MuiCardContent-root": { padding: "0 !important" },
      },
    }}
  />
);

/**
 * /staff/notifications/heat-illness-record: every heat-stress alert of a period with who was told, who
 * acknowledged it, when and what was done, alerts removed from the list marked so — a printable page and its
 * CSV (the record an employer keeps under Japan's 2025 heat-illness rule). Times are the entity's, as in the CSV.
 */
export function HeatIllnessRecordPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { workspace } = useWorkspace(true);
  const ws = workspace ?? "";
  const { period, setPeriod: show, timezone, now } = usePeriodInUrl();
  const record = useHeatRecord(workspace, period);
  const download = useStreamedDownload();
  usePageTitle(t("alerts-staff.record.title"));

  const downloadCsv = async () => {
    if (!period || !timezone) return;
    const ended = await download.start(
      alertEndpoints.heatRecordCsvPath(ws, period),
      recordFileName(ws, period, timezone),
    );
    if ("file" in ended) notify(t("alerts-staff.record.csvDone", { name: ended.file.filename }), "success");
  };

  return (
    <Stack spacing={3}>
      {printStyles}
      <Breadcrumbs aria-label={t("reports-common.breadcrumb")} className={NO_PRINT}>
        <Link href={staffPath(NOTIFICATIONS_PATH, workspace)}>{t("alerts-staff.record.back")}</Link>
        <Typography color="text.primary" aria-current="page">
          {t("alerts-staff.record.title")}
        </Typography>
      </Breadcrumbs>
      <Box>
        <Typography variant="h1">{t("alerts-staff.record.title")}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }} className={NO_PRINT}>
          {t("alerts-staff.record.intro")}
        </Typography>
      </Box>
      <Card className={NO_PRINT}>
        <CardContent>
          {period && timezone ? (
            <PeriodForm
              value={period}
              timezone={timezone}
              onSearch={show}
              submitLabel={t("alerts-staff.record.show")}
              actions={
                <>
                  <Button
                    variant="outlined"
                    startIcon={<DownloadOutlined />}
                    onClick={downloadCsv}
                    loading={download.busy}
                    disabled={!workspace}
                  >
                    {t("alerts-staff.record.csv")}
                  </Button>
                  <Button
                    variant="outlined"
                    startIcon={<PrintOutlined />}
                    onClick={() => window.print()}
                    disabled={!record.data}
                  >
                    {t("alerts-staff.record.print")}
                  </Button>
                </>
              }
            />
          ) : (
            <Skeleton variant="rounded" height={56} aria-hidden />
          )}
          <DownloadFailure download={download} />
        </CardContent>
      </Card>
      {record.isError && <ErrorState error={record.error} onRetry={() => record.refetch()} />}
      {record.isPending && workspace && (
        <Box role="status" aria-label={t("ui.table.loading")}>
          <Skeleton variant="rounded" height={160} />
        </Box>
      )}
      {record.data && <RecordDocument record={record.data} t={t} printedAt={now} />}
    </Stack>
  );
}

function RecordDocument({ record, t, printedAt }: { record: HeatRecord; t: TFunction; printedAt: number }) {
  const language = useLanguage();
  const zone = record.entity.time_zone;
  const stamp = (iso: string) => formatStamp(secondsOf(iso), zone);
  return (
    <Card className="mm-record-card">
      <CardContent>
        <Stack spacing={0.5} sx={{ mb: 2 }}>
          <Typography variant="h2">
            {t("alerts-staff.record.entity", {
              name: record.entity.name,
              workspace: record.entity.workspace_name,
            })}
          </Typography>
          <Typography>
            {t("alerts-staff.record.period", {
              start: formatStamp(record.start_time, zone),
              end: formatStamp(record.end_time, zone),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("alerts-staff.record.zone", { zone })} ·{" "}
            {t("alerts-staff.record.count", { count: record.rows.length })} ·{" "}
            {t("alerts-staff.record.printed", { time: formatStamp(printedAt, zone) })}
          </Typography>
        </Stack>
        {record.truncated && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t("alerts-staff.record.truncated", { limit: NOTIFICATION_LIMITS.recordMax })}
          </Alert>
        )}
        {record.rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: "center" }}>
            {t("alerts-staff.record.empty")}
          </Typography>
        ) : (
          // A plain table, not DataTable: a record is printed whole, never paged or stacked into cards.
          // the region scrolls sideways on a phone: focusable, so a keyboard can scroll it
          <TableContainer
            className="mm-record-table"
            tabIndex={0}
            aria-label={t("alerts-staff.record.tableLabel")}
            role="region"
          >
            <Table
              size="small"
              aria-label={t("alerts-staff.record.tableLabel")}
              sx={{ minWidth: 900, tableLayout: "fixed" }}
            >
              <TableHead>
                <TableRow>
                  {RECORD_COLUMNS.map(([c, width]) => (
                    <TableCell key={c} sx={{ fontWeight: 600, width }}>
                      {t(`alerts-staff.record.columns.${c}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {record.rows.map((row) => (
                  <RecordRow key={row.id} row={row} t={t} stamp={stamp} language={language} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

function RecordRow({
  row,
  t,
  stamp,
  language,
}: {
  row: HeatRecordRow;
  t: TFunction;
  stamp: (iso: string) => string;
  language: Language;
}) {
  const ack = row.acknowledged;
  const removed = row.deleted_at !== null;
  const cell = { verticalAlign: "top", overflowWrap: "break-word" } as const;
  return (
    <TableRow sx={removed ? { bgcolor: "action.hover" } : undefined}>
      <TableCell sx={cell}>
        {stamp(row.time)}
        {removed && row.deleted_at && (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: "italic" }}>
            {t("alerts-staff.record.deleted", { time: stamp(row.deleted_at) })}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={cell}>
        {row.user.name}
        <Typography variant="body2" color="text.secondary">
          {row.user.email}
        </Typography>
      </TableCell>
      <TableCell sx={cell}>{heatValueText(row.value, language)}</TableCell>
      <TableCell sx={cell}>
        {row.told.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("alerts-staff.record.nobody")}
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {row.told.map((p) => (
              <Typography
                component="li"
                variant="body2"
                key={`${p.kind}-${p.email}-${p.sent_at ?? p.status}`}
              >
                {t("alerts-staff.record.toldEntry", {
                  name: p.name,
                  kind: t(`alerts-staff.record.told.${p.kind}`),
                  status: t(`alerts-staff.record.toldStatus.${p.status}`, {
                    time: p.sent_at ? stamp(p.sent_at) : "",
                  }),
                })}
              </Typography>
            ))}
          </Box>
        )}
        {row.escalated_at && (
          <Typography variant="body2" color="error.dark">
            {t("alerts-staff.record.escalated", { time: stamp(row.escalated_at) })}
          </Typography>
        )}
        {row.snooze && (
          <Typography variant="body2" color="text.secondary">
            {t("alerts-staff.record.snoozed", {
              by: row.snooze.by.name,
              until: stamp(row.snooze.until),
              reason: row.snooze.reason,
            })}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={cell}>
        {ack ? (
          <>
            {ack.by.name}
            <Typography variant="body2" color="text.secondary">
              {stamp(ack.at)}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="error.dark" sx={{ fontWeight: 600 }}>
            {t("alerts-staff.record.notAcknowledged")}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={cell}>
        {ack && (
          <>
            {ACK_ACTION_NAMES[ack.action][language]}
            {ack.note && (
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
                {ack.note}
              </Typography>
            )}
          </>
        )}
      </TableCell>
      <TableCell sx={cell}>{row.cleared_at ? stamp(row.cleared_at) : ""}</TableCell>
    </TableRow>
  );
}
