import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog, { type DialogProps } from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "./FailureAlert";

interface FormDialogProps {
  open: boolean;
  onClose(): void;
  /** Ids of the dialog's parts start with it (the title is `${id}-title`). */
  id: string;
  title: ReactNode;
  /** The id of an element inside that says what the dialog is about (aria-describedby). */
  describedBy?: string;
  onSubmit(e: FormEvent): void;
  submitLabel: string;
  submitDisabled?: boolean;
  /** The submit is under way: the dialog stays open and Cancel waits, unless `cancelWhilePending`. */
  pending: boolean;
  /** Cancel (and Escape) stay enabled while pending: they stop the work, as an upload's or a download's do. */
  cancelWhilePending?: boolean;
  /** The last submit's failure, shown under the fields in the user's language; null when none. */
  failure: unknown;
  maxWidth?: DialogProps["maxWidth"];
  children: ReactNode;
}

/** A dialog holding one form: title, fields, the submit's failure, Cancel and the submit button. */
export function FormDialog({
  open,
  onClose,
  id,
  title,
  describedBy,
  onSubmit,
  submitLabel,
  submitDisabled,
  pending,
  cancelWhilePending = false,
  failure,
  maxWidth = "sm",
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={pending && !cancelWhilePending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      fullWidth
      maxWidth={maxWidth}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          {children}
          <FailureAlert failure={failure} sx={{ mt: 2 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending && !cancelWhilePending}>
            {t("ui.actions.cancel")}
          </Button>
          <Button type="submit" variant="contained" loading={pending} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
