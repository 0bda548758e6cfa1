import type { ReportInterval } from "@mimamori/shared";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "../../../i18n/useLanguage";
import { nowSeconds } from "./useReportWindow";
import { adjustStart, fromInputs, hourEditable, type ReportWindow, toInputs } from "./window";

interface Props {
  open: boolean;
  value: ReportWindow;
  timezone: string;
  intervals: readonly ReportInterval[];
  onApply: (w: ReportWindow) => void;
  onClose: () => void;
}

/**
 * The report filter (§4): start date, start hour (only for hourly and daily; 10-minute steps) and interval.
 * Choosing an interval applies its rules at once, so the dialog shows the start that will be used.
 */
export function FilterDialog({ open, value, timezone, intervals, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const msg = useMessage();
  const id = useId();
  const [date, setDate] = useState("");
  const [time, setTime] = useState("00:00");
  const [interval, setChosenInterval] = useState<ReportInterval>(value.interval);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const v = toInputs(value.start, timezone);
    setDate(v.date);
    setTime(v.time);
    setChosenInterval(value.interval);
    setError(null);
  }, [open, value.start, value.interval, timezone]);

  const today = toInputs(nowSeconds(), timezone).date;
  const editableHour = hourEditable(interval);

  /** The start the inputs describe once the interval's rules are applied; null without a valid date. */
  const resolve = (d: string, tm: string, i: ReportInterval) => {
    const start = fromInputs(d, hourEditable(i) ? tm : "00:00", timezone);
    return start === null ? null : adjustStart(start, i, nowSeconds(), timezone);
  };

  const changeInterval = (next: ReportInterval) => {
    setChosenInterval(next);
    const start = resolve(date, time, next);
    if (start !== null) {
      const v = toInputs(start, timezone);
      setDate(v.date);
      setTime(v.time);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const start = resolve(date, time, interval);
    if (start === null) {
      setError(msg("required"));
      return;
    }
    onApply({ start, interval });
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{t("reports-common.filter.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2">{t("reports-common.filter.help")}</DialogContentText>
          <TextField
            label={t("reports-common.filter.startDate")}
            type="date"
            required
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? t("time.pickerZone", { zone: timezone })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
          <TextField
            label={t("reports-common.filter.startTime")}
            type="time"
            value={editableHour ? time : "00:00"}
            onChange={(e) => setTime(e.target.value)}
            disabled={!editableHour}
            helperText={
              editableHour ? t("reports-common.filter.timeHint") : t("reports-common.filter.timeLocked")
            }
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { step: 600 },
              // the explanation stays readable while the field is locked
              formHelperText: { sx: { "&.Mui-disabled": { color: "text.secondary" } } },
            }}
          />
          <TextField
            select
            label={t("reports-common.filter.interval")}
            value={interval}
            onChange={(e) => changeInterval(e.target.value as ReportInterval)}
          >
            {intervals.map((i) => (
              <MenuItem key={i} value={i}>
                {t(`reports-common.interval.${i}`)}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("reports-common.actions.cancel")}</Button>
          <Button type="submit" variant="contained">
            {t("reports-common.filter.apply")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
