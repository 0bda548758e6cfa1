import { zodResolver } from "@hookform/resolvers/zod";
import { type StaffMember, staffEmailBodySchema } from "@mimamori/shared";
import DialogContentText from "@mui/material/DialogContentText";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { entityEndpoints } from "../../../../api/entities";
import { errorCode } from "../../../../api/errors";
import { FormDialog } from "../../../../components/FormDialog";
import { textField } from "../../../../components/form";
import { useFormDialog } from "../../../../components/useFormDialog";
import { useMessage } from "../../../../i18n/useLanguage";

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
  const { form, close, dialogProps } = useFormDialog<Values>({
    open,
    onClose,
    resolver: zodResolver(staffEmailBodySchema),
    empty: { email: "" },
  });
  const {
    register,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = async ({ email }: Values) => {
    try {
      const list = await entityEndpoints.registerStaff(workspace, email);
      onAdded(list, email);
      close();
    } catch (err) {
      setError("email", { message: errorCode(err) });
    }
  };

  return (
    <FormDialog
      {...dialogProps(onSubmit)}
      title={t("entities-staff-staffs.addTitle")}
      submitLabel={t("ui.actions.add")}
      maxWidth="xs"
    >
      <DialogContentText>{t("entities-staff-staffs.addIntro")}</DialogContentText>
      <TextField
        {...textField(register("email"))}
        type="email"
        label={t("entities-staff-staffs.email")}
        required
        autoFocus
        autoComplete="off"
        error={!!errors.email}
        helperText={errors.email?.message ? msg(errors.email.message) : undefined}
      />
    </FormDialog>
  );
}
