import { HEAT_STRESS, type ReportId, SNOOZE_LIMITS } from "@mimamori/shared";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { useMessage } from "../../../i18n/useLanguage";
import { durationText, reasonProblem, snoozeChoices } from "./board";

export interface SnoozeTarget {
  uid: string;
  name: string;
  reportId: ReportId;
  measure: string;
}

interface Props {
  open: boolean;
  target: SnoozeTarget | null;
  onClose: () => void;
  /** Saves the snooze; a rejection (the server's 4xx) is shown in the dialog. */
  onSave: (minutes: number, reason: string) => Promise<unknown>;
}

/** Snoozes a member's alert mails for one measure: a length (heat-stress at most 1 hour) and a reason. */
export function SnoozeDialog({ open, target, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const msg = useMessage();
  const id = useId();
  const choices = target ? snoozeChoices(target.reportId) : [];
  const [minutes, setMinutes] = useState<number>(60);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!open) return;
    setMinutes(60);
    setReason("");
    setReasonError(null);
    setFailure(null);
    setBusy(false);
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = reasonProblem(reason);
    setReasonError(problem);
    if (problem) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSave(minutes, reason.trim());
      onClose();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  const max = SNOOZE_LIMITS.reasonMax;
  const counter = t("board-staff.snooze.reasonHelp", { count: reason.trim().length, max });
  const heat = target?.reportId === HEAT_STRESS;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id={id}
      title={t("board-staff.snooze.title")}
      describedBy={`${id}-about`}
      onSubmit={submit}
      submitLabel={t("board-staff.snooze.save")}
      pending={busy}
      failure={failure}
    >
      <Typography id={`${id}-about`} color="text.secondary" sx={{ overflowWrap: "anywhere", mb: 2 }}>
        {target ? t("board-staff.snooze.about", { name: target.name, measure: target.measure }) : ""}
      </Typography>
      <TextField
        select
        fullWidth
        label={t("board-staff.snooze.length")}
        value={minutes}
        onChange={(e) => setMinutes(Number(e.target.value))}
        disabled={busy}
        required
        helperText={heat ? t("board-staff.snooze.heatStressHelp") : t("board-staff.snooze.help")}
        sx={{ mb: 2 }}
      >
        {choices.map((m) => (
          <MenuItem key={m} value={m}>
            {durationText(m * 60, t)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        fullWidth
        label={t("board-staff.snooze.reason")}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          if (reasonError) setReasonError(reasonProblem(e.target.value));
        }}
        multiline
        minRows={2}
        disabled={busy}
        required
        error={!!reasonError}
        helperText={reasonError ? `${msg(reasonError)} ${counter}` : counter}
      />
    </FormDialog>
  );
}
