import { zodResolver } from "@hookform/resolvers/zod";
import { NAME_MAX_LENGTH } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textField } from "../../components/form";
import { PasswordField } from "../../components/PasswordField";
import { useMessage } from "../../i18n/useLanguage";
import { type AccountValues, accountStepSchema, nameAtLimit } from "./signUpRules";

/** Sign-up step one: name, email, password and the repeated password. */
export function AccountStep({
  initial,
  onNext,
}: {
  initial: AccountValues;
  onNext: (values: AccountValues) => void;
}) {
  const { t } = useTranslation();
  const msg = useMessage();
  const {
    register,
    watch,
    handleSubmit,
    formState: { errors },
  } = useForm<AccountValues>({ resolver: zodResolver(accountStepSchema), defaultValues: initial });
  const name = watch("name") ?? "";
  const nameWarning = !errors.name && nameAtLimit(name);

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onNext)}>
      <TextField
        {...textField(register("name"))}
        label={t("auth.signUp.name")}
        autoComplete="name"
        required
        error={!!errors.name}
        helperText={
          errors.name?.message ? msg(errors.name.message) : nameWarning ? msg("name-at-limit") : undefined
        }
        slotProps={{
          htmlInput: { maxLength: NAME_MAX_LENGTH },
          formHelperText: nameWarning ? { sx: { color: "warning.main" }, role: "status" } : undefined,
        }}
      />
      <TextField
        {...textField(register("email"))}
        label={t("auth.email")}
        type="email"
        autoComplete="email"
        required
        error={!!errors.email}
        helperText={errors.email?.message ? msg(errors.email.message) : undefined}
      />
      <PasswordField
        {...textField(register("password"))}
        label={t("auth.signUp.password")}
        autoComplete="new-password"
        required
        fullWidth
        margin="normal"
        error={!!errors.password}
        helperText={errors.password?.message ? msg(errors.password.message) : t("auth.signUp.passwordHint")}
      />
      <PasswordField
        {...textField(register("repeat"))}
        label={t("auth.signUp.repeatPassword")}
        autoComplete="new-password"
        required
        fullWidth
        margin="normal"
        error={!!errors.repeat}
        helperText={errors.repeat?.message ? msg(errors.repeat.message) : undefined}
      />
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
        <Button type="submit" variant="contained" size="large">
          {t("common.next")}
        </Button>
      </Box>
    </Box>
  );
}
