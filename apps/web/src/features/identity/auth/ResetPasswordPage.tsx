import { useTranslation } from "react-i18next";
import { identityEndpoints } from "../../../api/identity";
import { useMessage } from "../../../i18n/useLanguage";
import { TokenPasswordPage } from "./TokenPasswordPage";

/** The mailed link /auth/reset-password?token=… : a new password, twice. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const msg = useMessage();
  return (
    <TokenPasswordPage
      save={identityEndpoints.confirmPasswordReset}
      texts={{
        title: t("auth.reset.title"),
        newPassword: t("auth.reset.newPassword"),
        repeatPassword: t("auth.reset.repeatPassword"),
        submit: t("auth.reset.submit"),
        done: msg("password-reset-done"),
        badLink: msg("invalid-token"),
      }}
    />
  );
}
