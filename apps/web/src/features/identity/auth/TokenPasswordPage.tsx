import { zodResolver } from "@hookform/resolvers/zod";
import { resetConfirmBodySchema, signInBodySchema } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { errorCode } from "../../../api/errors";
import { fieldProps } from "../../../components/form";
import { NewPasswordFields } from "../../../components/NewPasswordFields";
import { PublicLayout } from "../../../components/PublicLayout";
import { usePageTitle } from "../../../components/usePageTitle";
import { useMessage } from "../../../i18n/useLanguage";
import { AuthHeading, BackToSignIn, GoToSignIn, ResultAlert, SubmitButton } from "./AuthParts";

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
  const field = fieldProps(register, errors, msg);

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
      <AuthHeading title={texts.title} intro={!done && !badToken ? texts.intro : undefined} />
      {result && (
        <ResultAlert ok={result.ok} around="my">
          {result.ok ? texts.done : badToken ? texts.badLink : msg(result.code)}
        </ResultAlert>
      )}
      {done && <GoToSignIn />}
      {badToken && (
        <Button href="/auth/forgot-password" variant="contained" fullWidth size="large">
          {t("auth.reset.requestNewLink")}
        </Button>
      )}
      {!done && !badToken && (
        <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <NewPasswordFields
            fields={[field("newPassword", t("auth.signUp.passwordHint")), field("repeat")]}
            labels={[texts.newPassword, texts.repeatPassword]}
          />
          <SubmitButton loading={isSubmitting}>{texts.submit}</SubmitButton>
        </Box>
      )}
      <BackToSignIn />
    </PublicLayout>
  );
}
