import { zodResolver } from "@hookform/resolvers/zod";
import { type StaffMember, staffEmailBodySchema } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { errorCode } from "../../../api/errors";
import { orgEndpoints } from "../../../api/organisations";
import { textField } from "../../../components/form";
import { useMessage } from "../../../i18n/useLanguage";

type Values = { email: string };

/** Adds staff by the e-mail of an existing account (spec §5: email required). */
export function AddStaffDialog({
  open,
  workspace,
  onClose,
  onAdded,
}: {
  open: boolean;
  workspace: string;
  onClose: () => void;
  onAdded: (list: StaffMember[], email: string) => void;
}) {
  const { t } = useTranslation();
  const msg = useMessage();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(staffEmailBodySchema), defaultValues: { email: "" } });

  const close = () => {
    reset({ email: "" });
    onClose();
  };

  const onSubmit = async ({ email }: Values) => {
    try {
      const list = await orgEndpoints.registerStaff(workspace, email);
      onAdded(list, email);
      close();
    } catch (err) {
      setError("email", { message: errorCode(err) });
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id={titleId}>{t("staff-staffs.addTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t("staff-staffs.addIntro")}</DialogContentText>
          <TextField
            {...textField(register("email"))}
            type="email"
            label={t("staff-staffs.email")}
            required
            autoFocus
            autoComplete="off"
            error={!!errors.email}
            helperText={errors.email?.message ? msg(errors.email.message) : undefined}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t("ui.actions.cancel")}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t("ui.actions.add")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
