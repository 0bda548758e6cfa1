import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useMobileAcceptTerms, useMobileTermsStatus } from "../../../api/consents";
import { FailureAlert } from "../../../components/FailureAlert";
import { usePageTitle } from "../../../components/usePageTitle";
import { AgreementStep } from "../../identity/auth/AgreementStep";

/**
 * The band app's chart view when the server answers 403 `terms-acceptance-required` (issue 29 §2): the new texts
 * and the two agreements of the web's gate (consents/TermsGatePage), accepted in place with the view's id
 * token by the same call; the chart then loads. No sign-out (the view has no session) and no link out (the band app
 * embeds the view): the way to the account's deletion is named (docs/decisions.md "The band app's chart view and
 * new terms").
 */
export function MobileTermsPage({ idToken }: { idToken: string }) {
  const { t } = useTranslation();
  const status = useMobileTermsStatus(idToken, true);
  const accept = useMobileAcceptTerms(idToken);
  usePageTitle(t("consents.gate.title"));
  const versions = status.data;

  return (
    <Stack spacing={1.5}>
      <Typography variant="h2" sx={{ fontSize: "1.2rem" }}>
        {t("consents.gate.title")}
      </Typography>
      <Typography>{t("consents.gate.mobileIntro")}</Typography>
      {versions && (
        <Typography variant="body2" color="text.secondary">
          {t("consents.gate.versions", {
            terms: versions.terms_version,
            privacy: versions.privacy_version,
          })}
        </Typography>
      )}
      <FailureAlert failure={accept.error ?? status.error} />
      <AgreementStep
        submitting={accept.isPending || status.isPending}
        hint={t("consents.gate.hint")}
        submitLabel={t("consents.gate.mobileAccept")}
        onSubmit={() => {
          if (versions)
            accept.mutate({
              terms_version: versions.terms_version,
              privacy_version: versions.privacy_version,
            });
        }}
      />
      <Typography variant="body2">{t("consents.gate.mobileElse")}</Typography>
    </Stack>
  );
}
