import { useTranslation } from "react-i18next";
import { orgEndpoints } from "../../api/organisations";
import { TokenPasswordPage } from "../auth/TokenPasswordPage";

/** The invitation link /auth/set-password?token=… : an invited person chooses the first password. */
export function SetPasswordPage() {
  const { t } = useTranslation();
  return (
    <TokenPasswordPage
      save={orgEndpoints.acceptInvite}
      texts={{
        title: t("invitation.title"),
        intro: t("invitation.intro"),
        newPassword: t("invitation.password"),
        repeatPassword: t("invitation.repeatPassword"),
        submit: t("invitation.submit"),
        done: t("invitation.done"),
        badLink: t("invitation.badLink"),
      }}
    />
  );
}
