import { ACK_ACTIONS, type AckAction, NOTIFICATION_LIMITS } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client";
import { errorMessage } from "../../../api/errors";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { noteProblem } from "./alerts";

interface Props {
  open: boolean;
  /** What the alert is about, e.g. "Aoki · Heat stress 31.2 · 2025/07/01 13:05". */
  about: string;
  onClose: () => void;
  /** Saves the acknowledgement; a rejection is shown in the dialog. */
  onSave: (action: AckAction, note: string) => Promise<unknown>;
  /** Someone else acknowledged (409) or deleted (404) it first: the list should show it. */
  onConflict: () => void;
}

/** Marks an alert handled: what was done (ACK_ACTIONS) and an optional note of at most 500 characters. */
export function AcknowledgeDialog({ open, about, onClose, onSave, onConflict }: Props) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const id = useId();
  const [action, setAction] = useState<AckAction>("rested");
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!open) return;
    setAction("rested");
    setNote("");
    setNoteError(null);
    setFailure(null);
    setBusy(false);
  }, [open]);

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
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-about`}
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{t("staff-notifications.ack.title")}</DialogTitle>
        <DialogContent>
          <Typography id={`${id}-about`} color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
            {about}
          </Typography>
          <TextField
            select
            label={t("staff-notifications.ack.action")}
            value={action}
            onChange={(e) => setAction(e.target.value as AckAction)}
            disabled={busy}
            required
          >
            {ACK_ACTIONS.map((a) => (
              <MenuItem key={a} value={a}>
                {t(`staff-notifications.ack.actions.${a}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t("staff-notifications.ack.note")}
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
                ? `${msg(noteError)} ${t("staff-notifications.ack.noteHelp", { count: note.trim().length, max })}`
                : t("staff-notifications.ack.noteHelp", { count: note.trim().length, max })
            }
          />
          {failure !== null && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {errorMessage(failure, language)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t("ui.actions.cancel")}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {t("staff-notifications.ack.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
