import { zodResolver } from "@hookform/resolvers/zod";
import { changePasswordBodySchema } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client";
import { errorMessage } from "../../../api/errors";
import { identityEndpoints } from "../../../api/identity";
import { replaceSession } from "../../../app/session/actions";
import { fieldProps } from "../../../components/form";
import { NewPasswordFields } from "../../../components/NewPasswordFields";
import { useNotify } from "../../../components/Notifier";
import { PasswordField } from "../../../components/PasswordField";
import { SectionCard } from "../../../components/SectionCard";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";

const schema = changePasswordBodySchema
  .extend({ repeat: changePasswordBodySchema.shape.oldPassword })
  .refine((v) => v.newPassword === v.repeat, { path: ["repeat"], message: "password-does-not-match" });

type Values = { oldPassword: string; newPassword: string; repeat: string };
const EMPTY: Values = { oldPassword: "", newPassword: "", repeat: "" };

/** Change password (spec §5): the old password re-authenticates; the person stays signed in. */
export function ChangePasswordCard({ titleId }: { titleId: string }) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const change = useMutation({
    mutationFn: (v: Values) => identityEndpoints.changePassword(v.oldPassword, v.newPassword),
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: EMPTY });

  const onSubmit = async (values: Values) => {
    try {
      const session = await change.mutateAsync(values);
      replaceSession(session);
      reset(EMPTY);
      notify(msg("password-changed"), "success");
    } catch (err) {
      // The old password re-authenticates: its failure belongs to that field; other failures are a snackbar.
      const code = err instanceof ApiError ? err.code : "";
      if (code === "wrong-password") setError("oldPassword", { message: code }, { shouldFocus: true });
      else if (code === "same-password") setError("newPassword", { message: code }, { shouldFocus: true });
      else notify(errorMessage(err, language), "error");
    }
  };

  const field = fieldProps(register, errors, msg);

  return (
    <SectionCard title={t("profile.changePassword")} titleId={titleId}>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <PasswordField
          {...field("oldPassword")}
          label={t("profile.oldPassword")}
          autoComplete="current-password"
          required
        />
        <NewPasswordFields
          fields={[field("newPassword", t("auth.signUp.passwordHint")), field("repeat")]}
          labels={[t("profile.newPassword"), t("profile.repeatNewPassword")]}
        />
        <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
          <Button type="submit" variant="contained" loading={change.isPending}>
            {t("profile.changePasswordSubmit")}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
