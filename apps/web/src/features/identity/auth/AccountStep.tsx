import { zodResolver } from "@hookform/resolvers/zod";
import { NAME_MAX_LENGTH } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { fieldProps } from "../../../components/form";
import { NewPasswordFields } from "../../../components/NewPasswordFields";
import { useMessage } from "../../../i18n/useLanguage";
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
  const field = fieldProps(register, errors, msg);

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onNext)}>
      <TextField
        {...field("name", nameWarning ? msg("name-at-limit") : undefined)}
        label={t("auth.signUp.name")}
        autoComplete="name"
        required
        slotProps={{
          htmlInput: { maxLength: NAME_MAX_LENGTH },
          formHelperText: nameWarning ? { sx: { color: "warning.main" }, role: "status" } : undefined,
        }}
      />
      <TextField {...field("email")} label={t("auth.email")} type="email" autoComplete="email" required />
      <NewPasswordFields
        fields={[field("password", t("auth.signUp.passwordHint")), field("repeat")]}
        labels={[t("auth.signUp.password"), t("auth.signUp.repeatPassword")]}
      />
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
        <Button type="submit" variant="contained" size="large">
          {t("common.next")}
        </Button>
      </Box>
    </Box>
  );
}
