import { CSV_INTERVALS, CSV_MAX_DAYS, type CsvInterval, SLEEP, windowLimitText } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiUrl } from "../../../api/client";
import type { CsvRequest } from "../../../api/reports";
import { DownloadProgress, useFormatBytes } from "../../../components/DownloadProgress";
import { FormDialog } from "../../../components/FormDialog";
import { useNotify } from "../../../components/Notifier";
import { PeriodFields } from "../../../components/PeriodFields";
import { SelectField } from "../../../components/SelectField";
import { useStreamedDownload } from "../../../components/useStreamedDownload";
import { useLanguage } from "../../../i18n/useLanguage";
import { type RawKept, rawKeptFrom } from "./rawKept";
import { type PeriodInput, usePeriodInput } from "./usePeriodInput";

/** Default CSV interval (§9): 10 minutes, raw for sleep. */
export function defaultCsvInterval(reportId: string): CsvInterval {
  return reportId === SLEEP ? "raw" : "10m";
}

/** The start and end of a CSV download (`usePeriodInput`), each naming the clock (`zone`) its times are on. */
export function CsvPeriodFields({
  period,
  zone,
  disabled,
  row,
}: {
  period: PeriodInput;
  zone: string;
  disabled: boolean;
  row?: boolean;
}) {
  const { t } = useTranslation();
  const hint = t("time.pickerZone", { zone });
  return (
    <PeriodFields
      labels={{ from: t("reports-common.csv.start"), to: t("reports-common.csv.end") }}
      from={period.from}
      to={period.to}
      onFrom={period.setFrom}
      onTo={period.setTo}
      errors={period.errors}
      hints={{ from: hint, to: hint }}
      disabled={disabled}
      step={600}
      row={row}
    />
  );
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
  const language = useLanguage();
  const notify = useNotify();
  const id = useId();
  const [interval, setCsvInterval] = useState<CsvInterval>(defaultCsvInterval(reportId));
  const period = usePeriodInput(timezone);
  const download = useStreamedDownload();
  const size = useFormatBytes();
  const { reset: resetPeriod } = period;
  const { reset: resetDownload } = download;

  useEffect(() => {
    if (!open) return;
    setCsvInterval(defaultCsvInterval(reportId));
    resetPeriod(start, end);
    resetDownload();
  }, [open, reportId, start, end, resetPeriod, resetDownload]);

  const busy = download.busy;

  const close = () => {
    download.cancel();
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const p = period.check(CSV_MAX_DAYS[interval]);
    if (!p) return;
    const ended = await download.start(
      pathOf({ start_time: p.start, end_time: p.end, interval, timezone }),
      fallbackName,
    );
    if ("file" in ended) {
      notify(t("reports-common.csv.done", { name: ended.file.filename, size: size(ended.file.bytes) }));
      onClose();
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
      failure={download.failure}
      maxWidth="xs"
    >
      {rawKept && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("reports-common.csv.rawKept", { days: rawKept.days, from: rawKeptFrom(rawKept, Date.now()) })}
        </Alert>
      )}
      <SelectField
        label={t("reports-common.csv.interval")}
        value={interval}
        onChange={setCsvInterval}
        options={CSV_INTERVALS}
        optionLabel={(i) => t(`reports-common.csvInterval.${i}`)}
        disabled={busy}
        helperText={t("reports-common.csv.limit", {
          limit: windowLimitText(CSV_MAX_DAYS[interval], language),
        })}
      />
      <CsvPeriodFields period={period} zone={timezone} disabled={busy} />
      <DownloadProgress
        download={download}
        label={t("reports-common.csv.progressLabel")}
        received={(size) => t("reports-common.csv.received", { size })}
      />
    </FormDialog>
  );
}
