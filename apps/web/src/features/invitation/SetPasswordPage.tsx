import { zodResolver } from "@hookform/resolvers/zod";
import { resetConfirmBodySchema, signInBodySchema } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { errorCode } from "../../api/errors";
import { orgEndpoints } from "../../api/organisations";
import { textField } from "../../components/form";
import { PasswordField } from "../../components/PasswordField";
import { PublicLayout } from "../../components/PublicLayout";
import { usePageTitle } from "../../components/usePageTitle";
import { useMessage } from "../../i18n/useLanguage";

const schema = resetConfirmBodySchema
  .pick({ newPassword: true })
  .extend({ repeat: signInBodySchema.shape.password })
  .refine((v) => v.newPassword === v.repeat, { path: ["repeat"], message: "password-not-matched" });

type Values = { newPassword: string; repeat: string };

/** The invitation link /auth/set-password?token=… : an invited person chooses the first password. */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const msg = useMessage();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [result, setResult] = useState<{ ok: boolean; code: string } | null>(
    token ? null : { ok: false, code: "invalid-token" },
  );
  usePageTitle(t("invitation.title"));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { newPassword: "", repeat: "" } });

  const onSubmit = async ({ newPassword }: Values) => {
    setResult(null);
    try {
      await orgEndpoints.acceptInvite(token, newPassword);
      setResult({ ok: true, code: "" });
    } catch (err) {
      setResult({ ok: false, code: errorCode(err) });
    }
  };

  const done = result?.ok === true;
  const badToken = result?.code === "invalid-token";

  return (
    <PublicLayout>
      <Typography variant="h1" gutterBottom>
        {t("invitation.title")}
      </Typography>
      {!done && !badToken && <Typography color="text.secondary">{t("invitation.intro")}</Typography>}
      {result && (
        <Alert severity={result.ok ? "success" : "error"} sx={{ my: 2 }}>
          {result.ok ? t("invitation.done") : badToken ? t("invitation.badLink") : msg(result.code)}
        </Alert>
      )}
      {done && (
        <Button href="/auth/client/sign-in" variant="contained" fullWidth size="large">
          {t("auth.goToSignIn")}
        </Button>
      )}
      {badToken && (
        <Button href="/auth/forgot-password" variant="contained" fullWidth size="large">
          {t("auth.reset.requestNewLink")}
        </Button>
      )}
      {!done && !badToken && (
        <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <PasswordField
            {...textField(register("newPassword"))}
            label={t("invitation.password")}
            autoComplete="new-password"
            required
            fullWidth
            margin="normal"
            error={!!errors.newPassword}
            helperText={
              errors.newPassword?.message ? msg(errors.newPassword.message) : t("auth.signUp.passwordHint")
            }
          />
          <PasswordField
            {...textField(register("repeat"))}
            label={t("invitation.repeatPassword")}
            autoComplete="new-password"
            required
            fullWidth
            margin="normal"
            error={!!errors.repeat}
            helperText={errors.repeat?.message ? msg(errors.repeat.message) : undefined}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={isSubmitting}
            sx={{ mt: 2 }}
          >
            {t("invitation.submit")}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 3 }}>
        <Link href="/auth/client/sign-in">{t("auth.backToSignIn")}</Link>
      </Box>
    </PublicLayout>
  );
}
