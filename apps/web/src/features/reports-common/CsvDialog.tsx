import {
  CSV_INTERVALS,
  CSV_MAX_DAYS,
  type CsvInterval,
  localeOf,
  SLEEP,
  windowLimitText,
} from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiUrl } from "../../api/client";
import type { CsvRequest } from "../../api/reports";
import { DateTimeField } from "../../components/DateTimeField";
import { FormDialog } from "../../components/FormDialog";
import { useNotify } from "../../components/Notifier";
import { useLanguage, useMessage } from "../../i18n/useLanguage";
import { formatBytes, streamDownload } from "./download";
import { type RawKept, rawKeptFrom } from "./rawKept";
import { fromDateTimeInput, periodErrors, toDateTimeInput } from "./window";

/** Default CSV interval (§9): 10 minutes, raw for sleep. */
export function defaultCsvInterval(reportId: string): CsvInterval {
  return reportId === SLEEP ? "raw" : "10m";
}

interface Props {
  open: boolean;
  onClose: () => void;
  reportId: string;
  timezone: string;
  /** The period offered first (the chart's window). */
  start: number;
  end: number;
  /** The API path of the download for a request. */
  pathOf: (q: CsvRequest) => ApiUrl;
  fallbackName: string;
  /** How long raw samples are kept: the dialog says from which day raw data exists; undefined: unknown. */
  rawKept?: RawKept;
}

/** CSV download (§5: start and end required): interval 10m/1hour/raw/1day/1month, progress while it streams. */
export function CsvDialog({
  open,
  onClose,
  reportId,
  timezone,
  start,
  end,
  pathOf,
  fallbackName,
  rawKept,
}: Props) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const id = useId();
  const [interval, setCsvInterval] = useState<CsvInterval>(defaultCsvInterval(reportId));
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [bytes, setBytes] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!open) return;
    setCsvInterval(defaultCsvInterval(reportId));
    setFrom(toDateTimeInput(start, timezone));
    setTo(toDateTimeInput(end, timezone));
    setErrors({});
    setBytes(null);
    setFailure(null);
  }, [open, reportId, start, end, timezone]);

  const busy = bytes !== null;

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const s = fromDateTimeInput(from, timezone);
    const en = fromDateTimeInput(to, timezone);
    const errs = periodErrors(s, en, CSV_MAX_DAYS[interval]);
    setErrors(errs);
    if (s === null || en === null || errs.from || errs.to) return;
    const controller = new AbortController();
    abort.current = controller;
    setFailure(null);
    setBytes(0);
    try {
      const done = await streamDownload(pathOf({ start_time: s, end_time: en, interval, timezone }), {
        fallbackName,
        onProgress: setBytes,
        signal: controller.signal,
      });
      notify(
        t("reports-common.csv.done", {
          name: done.filename,
          size: formatBytes(done.bytes, localeOf(language)),
        }),
      );
      onClose();
    } catch (err) {
      if (!controller.signal.aborted) setFailure(err);
    } finally {
      abort.current = null;
      setBytes(null);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={close}
      id={id}
      title={t("reports-common.csv.title")}
      onSubmit={submit}
      submitLabel={t("reports-common.csv.download")}
      pending={busy}
      cancelWhilePending
      failure={failure}
      maxWidth="xs"
    >
      {rawKept && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("reports-common.csv.rawKept", { days: rawKept.days, from: rawKeptFrom(rawKept, Date.now()) })}
        </Alert>
      )}
      <TextField
        select
        label={t("reports-common.csv.interval")}
        value={interval}
        onChange={(e) => setCsvInterval(e.target.value as CsvInterval)}
        disabled={busy}
        helperText={t("reports-common.csv.limit", {
          limit: windowLimitText(CSV_MAX_DAYS[interval], language),
        })}
      >
        {CSV_INTERVALS.map((i) => (
          <MenuItem key={i} value={i}>
            {t(`reports-common.csvInterval.${i}`)}
          </MenuItem>
        ))}
      </TextField>
      <DateTimeField
        label={t("reports-common.csv.start")}
        value={from}
        onChange={setFrom}
        error={!!errors.from}
        helperText={errors.from ? msg(errors.from) : t("time.pickerZone", { zone: timezone })}
        disabled={busy}
        step={600}
      />
      <DateTimeField
        label={t("reports-common.csv.end")}
        value={to}
        onChange={setTo}
        error={!!errors.to}
        helperText={errors.to ? msg(errors.to) : t("time.pickerZone", { zone: timezone })}
        disabled={busy}
        step={600}
      />
      {busy && (
        <Box sx={{ mt: 2 }} role="status">
          <LinearProgress aria-label={t("reports-common.csv.progressLabel")} />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t("reports-common.csv.received", { size: formatBytes(bytes, localeOf(language)) })}
          </Typography>
        </Box>
      )}
    </FormDialog>
  );
}
