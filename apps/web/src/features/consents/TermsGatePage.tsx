import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useAcceptTerms, useTermsStatus } from "../../api/consents";
import { signOut } from "../../app/session/actions";
import { FailureAlert } from "../../components/FailureAlert";
import { PublicLayout } from "../../components/PublicLayout";
import { usePageTitle } from "../../components/usePageTitle";
import { AgreementStep } from "../identity/auth/AgreementStep";

/**
 * The acceptance of a new terms or privacy version (issue 29 §2): the new texts (with their versions) and the two
 * agreements of sign-up, accepting, signing out, and the way to the account's deletion.
 */
export function TermsGatePage({ area }: { area: "client" | "staff" | "admin" }) {
  const { t } = useTranslation();
  const status = useTermsStatus();
  const accept = useAcceptTerms();
  const [signingOut, setSigningOut] = useState(false);
  usePageTitle(t("consents.gate.title"));
  const versions = status.data;

  return (
    <PublicLayout maxWidth={880}>
      <Typography variant="h1" gutterBottom>
        {t("consents.gate.title")}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t("consents.gate.intro")}</Typography>
      {versions && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t("consents.gate.versions", {
            terms: versions.terms_version,
            privacy: versions.privacy_version,
          })}
        </Typography>
      )}
      <FailureAlert failure={accept.error} sx={{ mb: 2 }} />
      <AgreementStep
        submitting={accept.isPending || signingOut}
        hint={t("consents.gate.hint")}
        backLabel={t("consents.gate.signOut")}
        submitLabel={t("consents.gate.accept")}
        onBack={() => {
          setSigningOut(true);
          void signOut().finally(() => setSigningOut(false));
        }}
        onSubmit={() => {
          if (versions)
            accept.mutate({
              terms_version: versions.terms_version,
              privacy_version: versions.privacy_version,
            });
        }}
      />
      <Typography variant="body2" sx={{ mt: 3 }}>
        {t("consents.gate.deleteIntro")}{" "}
        <Link component={RouterLink} to={`/${area}/profile`}>
          {t("consents.gate.delete")}
        </Link>
      </Typography>
    </PublicLayout>
  );
}
