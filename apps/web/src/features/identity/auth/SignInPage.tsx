import type { SignInBody, UserType } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { signInErrorCode } from "../../../api/errors";
import { identityEndpoints } from "../../../api/identity";
import { afterSignIn, ENTITY_SELECT_PATH } from "../../../app/guards/guardDecision";
import { establishSession, signIn, signOut } from "../../../app/session/actions";
import { InputField } from "../../../components/InputField";
import { useNotify } from "../../../components/Notifier";
import { PasswordField } from "../../../components/PasswordField";
import { PublicLayout } from "../../../components/PublicLayout";
import { usePageTitle } from "../../../components/usePageTitle";
import { useMessage } from "../../../i18n/useLanguage";
import { AuthHeading, ResultAlert, SubmitButton } from "./AuthParts";
import { checkSignIn, type SignInErrors } from "./signInCheck";

/** Sign-in for the three user types (spec §2, §4, §8). */
export function SignInPage({ userType: role }: { userType: UserType }) {
  const { t } = useTranslation();
  const msg = useMessage();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const title = t(`auth.signIn.title.${role}`);
  usePageTitle(title);

  // A plain form rather than react-hook-form: this is the first page most people load (issue 13, size budget).
  const [values, setValues] = useState<SignInBody>({ email: "", password: "", remember: false });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [checked, setChecked] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  // after the first attempt, each change is checked again (as react-hook-form's onChange re-validation)
  const change = (next: Partial<SignInBody>) => {
    const merged = { ...values, ...next };
    setValues(merged);
    if (checked) {
      const r = checkSignIn(merged);
      setErrors("errors" in r ? r.errors : {});
    }
  };

  /** A text field's value, change and error. */
  const textProps = (name: "email" | "password") => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change({ [name]: e.target.value }),
    error: !!errors[name],
    helperText: errors[name] ? msg(errors[name]) : undefined,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isSubmitting) return;
    setChecked(true);
    const r = checkSignIn(values);
    if ("errors" in r) {
      setErrors(r.errors);
      (r.errors.email ? emailInput : passwordInput).current?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onSubmit(r.body);
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = async (body: SignInBody) => {
    setErrorCode(null);
    let session: Awaited<ReturnType<typeof signIn>>;
    try {
      session = await signIn(body);
    } catch (err) {
      setErrorCode(signInErrorCode(err));
      return;
    }
    try {
      if (role === "admin") {
        const superUser = await identityEndpoints.adminLogin(session.user.email);
        if (!superUser) {
          await signOut();
          setErrorCode("not-super-user");
          return;
        }
      }
      await establishSession(session, role);
      // issue 29 §4: signing in within the grace period cancelled the account's deletion
      if (session.deletionCancelled) notify(msg("account-deletion-cancelled"), "success");
      if (role === "staff") {
        await navigate(ENTITY_SELECT_PATH, { replace: true, state: from ? { from } : undefined });
      } else {
        await navigate(afterSignIn(role, from), { replace: true });
      }
    } catch (err) {
      await signOut();
      setErrorCode(signInErrorCode(err));
    }
  };

  return (
    <PublicLayout>
      <AuthHeading title={title} intro={t(`auth.signIn.intro.${role}`)} />
      {errorCode && <ResultAlert ok={false}>{msg(errorCode)}</ResultAlert>}
      <Box component="form" noValidate onSubmit={submit} sx={{ mt: 1 }}>
        <InputField
          {...textProps("email")}
          inputRef={emailInput}
          label={t("auth.email")}
          type="email"
          autoComplete="username"
          required
        />
        <PasswordField
          {...textProps("password")}
          inputRef={passwordInput}
          label={t("auth.password")}
          autoComplete="current-password"
          required
        />
        <FormControlLabel
          control={
            <Checkbox
              name="remember"
              checked={!!values.remember}
              onChange={(e) => change({ remember: e.target.checked })}
            />
          }
          label={t("auth.signIn.remember")}
        />
        <SubmitButton loading={isSubmitting}>{t("auth.signIn.submit")}</SubmitButton>
      </Box>
      <Stack spacing={1.5} sx={{ mt: 3 }}>
        {role !== "staff" && <Link href="/auth/sign-up">{t("auth.signIn.createAccount")}</Link>}
        <Link href="/auth/forgot-password">{t("auth.signIn.forgotPassword")}</Link>
        {role !== "staff" && <Link href="/about">{t("auth.signIn.about")}</Link>}
      </Stack>
    </PublicLayout>
  );
}

export const ClientSignInPage = () => <SignInPage userType="client" />;
export const StaffSignInPage = () => <SignInPage userType="staff" />;
export const AdminSignInPage = () => <SignInPage userType="admin" />;
