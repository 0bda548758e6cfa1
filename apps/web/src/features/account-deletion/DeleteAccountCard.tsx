import { ACCOUNT_DELETION_GRACE_DAYS } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountDeletionEndpoints } from "../../api/account-deletion";
import { ApiError } from "../../api/client";
import { signOut } from "../../app/session/actions";
import { FailureAlert } from "../../components/FailureAlert";
import { useNotify } from "../../components/Notifier";
import { PasswordField } from "../../components/PasswordField";
import { SectionCard } from "../../components/SectionCard";
import { formatDate } from "../../i18n/language";
import { useLanguage, useMessage } from "../../i18n/useLanguage";

/**
 * Issue 29 §4 on the profile page of every role: the person closes their account after re-entering the password
 * and confirming what happens; they are signed out and told the day of the deletion (signing in before cancels it).
 */
export function DeleteAccountCard({ titleId }: { titleId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <SectionCard title={t("account-deletion.title")} titleId={titleId} intro={t("account-deletion.intro")}>
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          {t("account-deletion.open")}
        </Button>
      </Box>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </SectionCard>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const id = useId();
  const [password, setPassword] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const [checked, setChecked] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const close = useMutation({ mutationFn: accountDeletionEndpoints.closeOwn });
  const days = ACCOUNT_DELETION_GRACE_DAYS;
  const missingPassword = checked && !password ? "required" : null;
  const shownPasswordError = passwordError ?? missingPassword;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    setError(null);
    if (!password || !confirmed) return;
    try {
      const done = await close.mutateAsync(password);
      notify(
        t("account-deletion.closed", { date: formatDate(new Date(done.deletion_due_at), language) }),
        "success",
      );
      // the server ended every session: the guard shows this area's sign-in page
      await signOut();
    } catch (err) {
      if (err instanceof ApiError && err.code === "wrong-password") setPasswordError(err.code);
      else setError(err);
    }
  };

  return (
    <Dialog
      open
      onClose={close.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>{t("account-deletion.dialogTitle")}</DialogTitle>
        <DialogContent>
          <Typography gutterBottom>{t("account-deletion.whatHappens")}</Typography>
          <Typography gutterBottom>{t("account-deletion.grace", { days })}</Typography>
          <PasswordField
            name="password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setPasswordError(null);
            }}
            label={t("account-deletion.passwordLabel")}
            autoComplete="current-password"
            required
            fullWidth
            margin="normal"
            error={!!shownPasswordError}
            helperText={shownPasswordError ? msg(shownPasswordError) : undefined}
          />
          <FormControlLabel
            control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
            label={t("account-deletion.confirmLabel", { days })}
          />
          {checked && !confirmed && (
            <FormHelperText error>{t("account-deletion.confirmRequired")}</FormHelperText>
          )}
          <FailureAlert failure={error} sx={{ mt: 2 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={close.isPending} autoFocus>
            {t("ui.actions.cancel")}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={close.isPending}>
            {t("account-deletion.submit")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
