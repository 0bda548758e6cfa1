import { useTranslation } from "react-i18next";
import { entityEndpoints } from "../../../api/entities";
import { TokenPasswordPage } from "./TokenPasswordPage";

/** The invitation link /auth/set-password?token=… : an invited person chooses the first password. */
export function SetPasswordPage() {
  const { t } = useTranslation();
  return (
    <TokenPasswordPage
      save={entityEndpoints.acceptInvite}
      texts={{
        title: t("auth.invitation.title"),
        intro: t("auth.invitation.intro"),
        newPassword: t("auth.invitation.password"),
        repeatPassword: t("auth.invitation.repeatPassword"),
        submit: t("auth.invitation.submit"),
        done: t("auth.invitation.done"),
        badLink: t("auth.invitation.badLink"),
      }}
    />
  );
}
