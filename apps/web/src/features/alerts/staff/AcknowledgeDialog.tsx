import {
  ACK_ACTION_NAMES,
  type AckAction,
  type AlertKind,
  ackActionsOf,
  NOTIFICATION_LIMITS,
} from "@mimamori/shared";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client";
import { FormDialog } from "../../../components/FormDialog";
import { SelectField } from "../../../components/SelectField";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { noteProblem } from "./alerts";

interface Props {
  open: boolean;
  /** What the alert is about, e.g. "Aoki · Heat stress 31.2 · 2025/07/01 13:05". */
  about: string;
  /** What the alert is about: the dialog offers the actions that fit it (the server refuses the others). */
  kind: AlertKind;
  onClose: () => void;
  /** Saves the acknowledgement; a rejection is shown in the dialog. */
  onSave: (action: AckAction, note: string) => Promise<unknown>;
  /** Someone else acknowledged (409) or deleted (404) it first: the list should show it. */
  onConflict: () => void;
}

/**
 * Marks an alert handled: what was done (the actions of its kind, `ackActionsOf`) and an optional note of at
 * most 500 characters.
 */
export function AcknowledgeDialog({ open, about, kind, onClose, onSave, onConflict }: Props) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const id = useId();
  const actions = ackActionsOf(kind);
  const first = actions[0] ?? "other";
  const [action, setAction] = useState<AckAction>(first);
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!open) return;
    setAction(first);
    setNote("");
    setNoteError(null);
    setFailure(null);
    setBusy(false);
  }, [open, first]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = noteProblem(note);
    setNoteError(problem);
    if (problem) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSave(action, note.trim());
      onClose();
    } catch (err) {
      setFailure(err);
      // acknowledged or deleted by someone else meanwhile: the list should show it
      if (
        err instanceof ApiError &&
        (err.code === "already-acknowledged" || err.code === "notification-not-found")
      )
        onConflict();
    } finally {
      setBusy(false);
    }
  };

  const max = NOTIFICATION_LIMITS.noteMax;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id={id}
      title={t("alerts-staff.ack.title")}
      describedBy={`${id}-about`}
      onSubmit={submit}
      submitLabel={t("alerts-staff.ack.save")}
      pending={busy}
      failure={failure}
    >
      <Typography id={`${id}-about`} color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
        {about}
      </Typography>
      <SelectField
        label={t("alerts-staff.ack.action")}
        value={action}
        onChange={setAction}
        options={actions}
        optionLabel={(a) => ACK_ACTION_NAMES[a][language]}
        disabled={busy}
        required
      />
      <TextField
        label={t("alerts-staff.ack.note")}
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          if (noteError) setNoteError(noteProblem(e.target.value));
        }}
        multiline
        minRows={3}
        disabled={busy}
        error={!!noteError}
        helperText={
          noteError
            ? `${msg(noteError)} ${t("alerts-staff.ack.noteHelp", { count: note.trim().length, max })}`
            : t("alerts-staff.ack.noteHelp", { count: note.trim().length, max })
        }
      />
    </FormDialog>
  );
}
