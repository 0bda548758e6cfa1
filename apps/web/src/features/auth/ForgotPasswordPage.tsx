import { zodResolver } from "@hookform/resolvers/zod";
import { emailBodySchema } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { endpoints } from "../../api/endpoints";
import { resetErrorCode } from "../../api/errors";
import { textField } from "../../components/form";
import { PublicLayout } from "../../components/PublicLayout";
import { usePageTitle } from "../../components/usePageTitle";
import { useMessage } from "../../i18n/useLanguage";

type Values = { email: string };

/** One email field; success "reset-sent", failure "reset-failed" (spec §2, §8). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const msg = useMessage();
  const [result, setResult] = useState<{ ok: boolean; code: string } | null>(null);
  usePageTitle(t("auth.forgot.title"));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(emailBodySchema), defaultValues: { email: "" } });

  const onSubmit = async ({ email }: Values) => {
    setResult(null);
    try {
      await endpoints.requestPasswordReset(email);
      setResult({ ok: true, code: "reset-sent" });
    } catch (err) {
      setResult({ ok: false, code: resetErrorCode(err) });
    }
  };

  return (
    <PublicLayout>
      <Typography variant="h1" gutterBottom>
        {t("auth.forgot.title")}
      </Typography>
      <Typography color="text.secondary">{t("auth.forgot.intro")}</Typography>
      {result && (
        <Alert severity={result.ok ? "success" : "error"} sx={{ mt: 2 }}>
          {msg(result.code)}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ mt: 1 }}>
        <TextField
          {...textField(register("email"))}
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          required
          error={!!errors.email}
          helperText={errors.email?.message ? msg(errors.email.message) : undefined}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={isSubmitting}
          sx={{ mt: 2 }}
        >
          {t("auth.forgot.submit")}
        </Button>
      </Box>
      <Box sx={{ mt: 3 }}>
        <Link href="/auth/client/sign-in">{t("auth.backToSignIn")}</Link>
      </Box>
    </PublicLayout>
  );
}
