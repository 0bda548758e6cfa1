import { zodResolver } from "@hookform/resolvers/zod";
import { emailBodySchema } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { endpoints } from "../../api/endpoints";
import { errorCode } from "../../api/errors";
import { textField } from "../../components/form";
import { PageLoader } from "../../components/PageLoader";
import { PublicLayout } from "../../components/PublicLayout";
import { usePageTitle } from "../../components/usePageTitle";
import { useMessage } from "../../i18n/useLanguage";

/**
 * The mailed link /auth/verify-email?token=… . The call goes through a query keyed by the token, so React's
 * double effects (StrictMode) and remounts never spend the single-use token twice.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const msg = useMessage();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  usePageTitle(t("auth.verify.title"));
  const verification = useQuery({
    queryKey: ["verify-email", token],
    queryFn: () => endpoints.verifyEmail(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });

  const failed = !token || verification.isError;
  const code = !token ? "invalid-token" : errorCode(verification.error);

  return (
    <PublicLayout>
      <Typography variant="h1" gutterBottom>
        {t("auth.verify.title")}
      </Typography>
      {token && verification.isPending && (
        <>
          <Typography>{t("auth.verify.verifying")}</Typography>
          <PageLoader minHeight={120} />
        </>
      )}
      {verification.isSuccess && (
        <>
          <Alert severity="success" sx={{ my: 2 }}>
            {msg("email-verified")}
          </Alert>
          <Button href="/auth/client/sign-in" variant="contained" fullWidth size="large">
            {t("auth.goToSignIn")}
          </Button>
        </>
      )}
      {failed && (
        <>
          <Alert severity="error" sx={{ my: 2 }}>
            {msg(code)}
          </Alert>
          <ResendVerification />
          <Box sx={{ mt: 3 }}>
            <Link href="/auth/client/sign-in">{t("auth.backToSignIn")}</Link>
          </Box>
        </>
      )}
    </PublicLayout>
  );
}

function ResendVerification() {
  const { t } = useTranslation();
  const msg = useMessage();
  const [result, setResult] = useState<{ ok: boolean; code: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(emailBodySchema), defaultValues: { email: "" } });

  const onSubmit = async ({ email }: { email: string }) => {
    setResult(null);
    try {
      await endpoints.sendVerification(email);
      setResult({ ok: true, code: "verification-sent" });
    } catch (err) {
      setResult({ ok: false, code: errorCode(err) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <Typography variant="body2">{t("auth.verify.resendIntro")}</Typography>
      {result && (
        <Alert severity={result.ok ? "success" : "error"} sx={{ mt: 2 }}>
          {msg(result.code)}
        </Alert>
      )}
      <TextField
        {...textField(register("email"))}
        label={t("auth.email")}
        type="email"
        autoComplete="email"
        required
        error={!!errors.email}
        helperText={errors.email?.message ? msg(errors.email.message) : undefined}
      />
      <Button type="submit" variant="outlined" fullWidth loading={isSubmitting} sx={{ mt: 1 }}>
        {t("auth.verify.resendSubmit")}
      </Button>
    </Box>
  );
}
