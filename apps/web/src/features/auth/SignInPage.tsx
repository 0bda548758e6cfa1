import { zodResolver } from "@hookform/resolvers/zod";
import { type SignInBody, signInBodySchema, type UserType } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { endpoints } from "../../api/endpoints";
import { signInErrorCode } from "../../api/errors";
import { afterSignIn, ENTITY_SELECT_PATH } from "../../app/guards/guardDecision";
import { establishSession, signIn, signOut } from "../../app/session/actions";
import { textField } from "../../components/form";
import { PasswordField } from "../../components/PasswordField";
import { PublicLayout } from "../../components/PublicLayout";
import { usePageTitle } from "../../components/usePageTitle";
import { useMessage } from "../../i18n/useLanguage";

/** Sign-in for the three user types (spec §2, §4, §8). */
export function SignInPage({ userType: role }: { userType: UserType }) {
  const { t } = useTranslation();
  const msg = useMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const title = t(`auth.signIn.title.${role}`);
  usePageTitle(title);

  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInBody>({
    resolver: zodResolver(signInBodySchema),
    defaultValues: { email: "", password: "", remember: false },
  });

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
        const superUser = await endpoints.adminLogin(session.user.email);
        if (!superUser) {
          await signOut();
          setErrorCode("not-super-user");
          return;
        }
      }
      await establishSession(session, role);
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
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{t(`auth.signIn.intro.${role}`)}</Typography>
      {errorCode && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {msg(errorCode)}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ mt: 1 }}>
        <TextField
          {...textField(register("email"))}
          label={t("auth.email")}
          type="email"
          autoComplete="username"
          required
          error={!!errors.email}
          helperText={errors.email?.message ? msg(errors.email.message) : undefined}
        />
        <PasswordField
          {...textField(register("password"))}
          label={t("auth.password")}
          autoComplete="current-password"
          required
          fullWidth
          margin="normal"
          error={!!errors.password}
          helperText={errors.password?.message ? msg(errors.password.message) : undefined}
        />
        <Controller
          control={control}
          name="remember"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={!!field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                />
              }
              label={t("auth.signIn.remember")}
            />
          )}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={isSubmitting}
          sx={{ mt: 2 }}
        >
          {t("auth.signIn.submit")}
        </Button>
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
