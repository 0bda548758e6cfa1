import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "./FailureAlert";

interface Props {
  open: boolean;
  title: string;
  /** What will happen, e.g. what a deletion removes. */
  children: ReactNode;
  confirmLabel: string;
  /** A red confirm button for destructive actions (default true). */
  destructive?: boolean;
  /** May return a promise: the dialog shows progress, closes on success and shows the error on failure. */
  onConfirm: () => unknown;
  onClose: () => void;
}

/** A confirmation before an action that cannot be taken back; the cancel button has the initial focus. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  destructive = true,
  onConfirm,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (open) {
      setError(null);
      setBusy(false);
    }
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent id={`${id}-body`}>
        {children}
        <FailureAlert failure={error} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t("ui.actions.cancel")}
        </Button>
        <Button
          variant="contained"
          color={destructive ? "error" : "primary"}
          onClick={confirm}
          loading={busy}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
