import { zodResolver } from "@hookform/resolvers/zod";
import { emailBodySchema } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { errorCode } from "../../../api/errors";
import { identityEndpoints } from "../../../api/identity";
import { fieldProps } from "../../../components/form";
import { PageLoader } from "../../../components/PageLoader";
import { PublicLayout } from "../../../components/PublicLayout";
import { usePageTitle } from "../../../components/usePageTitle";
import { useMessage } from "../../../i18n/useLanguage";
import { AuthHeading, BackToSignIn, GoToSignIn, ResultAlert } from "./AuthParts";

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
    queryFn: () => identityEndpoints.verifyEmail(token),
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
      <AuthHeading title={t("auth.verify.title")} />
      {token && verification.isPending && (
        <>
          <Typography>{t("auth.verify.verifying")}</Typography>
          <PageLoader minHeight={120} />
        </>
      )}
      {verification.isSuccess && (
        <>
          <ResultAlert ok around="my">
            {msg("email-verified")}
          </ResultAlert>
          <GoToSignIn />
        </>
      )}
      {failed && (
        <>
          <ResultAlert ok={false} around="my">
            {msg(code)}
          </ResultAlert>
          <ResendVerification />
          <BackToSignIn />
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
  const field = fieldProps(register, errors, msg);

  const onSubmit = async ({ email }: { email: string }) => {
    setResult(null);
    try {
      await identityEndpoints.sendVerification(email);
      setResult({ ok: true, code: "verification-sent" });
    } catch (err) {
      setResult({ ok: false, code: errorCode(err) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <Typography variant="body2">{t("auth.verify.resendIntro")}</Typography>
      {result && <ResultAlert ok={result.ok}>{msg(result.code)}</ResultAlert>}
      <TextField {...field("email")} label={t("auth.email")} type="email" autoComplete="email" required />
      <Button type="submit" variant="outlined" fullWidth loading={isSubmitting} sx={{ mt: 1 }}>
        {t("auth.verify.resendSubmit")}
      </Button>
    </Box>
  );
}
