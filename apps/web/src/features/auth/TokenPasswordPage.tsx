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

export interface TokenPasswordTexts {
  title: string;
  intro?: string;
  newPassword: string;
  repeatPassword: string;
  submit: string;
  done: string;
  badLink: string;
}

/**
 * A page reached from a mailed link with `?token=…` where the person chooses a password twice: the password
 * reset and the invitation share it, each with its own texts and call.
 */
export function TokenPasswordPage({
  texts,
  save,
}: {
  texts: TokenPasswordTexts;
  save: (token: string, newPassword: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const msg = useMessage();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [result, setResult] = useState<{ ok: boolean; code: string } | null>(
    token ? null : { ok: false, code: "invalid-token" },
  );
  usePageTitle(texts.title);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { newPassword: "", repeat: "" } });

  const onSubmit = async ({ newPassword }: Values) => {
    setResult(null);
    try {
      await save(token, newPassword);
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
        {texts.title}
      </Typography>
      {!done && !badToken && texts.intro && <Typography color="text.secondary">{texts.intro}</Typography>}
      {result && (
        <Alert severity={result.ok ? "success" : "error"} sx={{ my: 2 }}>
          {result.ok ? texts.done : badToken ? texts.badLink : msg(result.code)}
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
            label={texts.newPassword}
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
            label={texts.repeatPassword}
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
            {texts.submit}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 3 }}>
        <Link href="/auth/client/sign-in">{t("auth.backToSignIn")}</Link>
      </Box>
    </PublicLayout>
  );
}
