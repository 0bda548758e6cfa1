import { zodResolver } from "@hookform/resolvers/zod";
import { emailBodySchema } from "@mimamori/shared";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { resetErrorCode } from "../../../api/errors";
import { identityEndpoints } from "../../../api/identity";
import { fieldProps } from "../../../components/form";
import { PublicLayout } from "../../../components/PublicLayout";
import { usePageTitle } from "../../../components/usePageTitle";
import { useMessage } from "../../../i18n/useLanguage";
import { AuthHeading, BackToSignIn, ResultAlert, SubmitButton } from "./AuthParts";

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
  const field = fieldProps(register, errors, msg);

  const onSubmit = async ({ email }: Values) => {
    setResult(null);
    try {
      await identityEndpoints.requestPasswordReset(email);
      setResult({ ok: true, code: "reset-sent" });
    } catch (err) {
      setResult({ ok: false, code: resetErrorCode(err) });
    }
  };

  return (
    <PublicLayout>
      <AuthHeading title={t("auth.forgot.title")} intro={t("auth.forgot.intro")} />
      {result && <ResultAlert ok={result.ok}>{msg(result.code)}</ResultAlert>}
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ mt: 1 }}>
        <TextField {...field("email")} label={t("auth.email")} type="email" autoComplete="email" required />
        <SubmitButton loading={isSubmitting}>{t("auth.forgot.submit")}</SubmitButton>
      </Box>
      <BackToSignIn />
    </PublicLayout>
  );
}
