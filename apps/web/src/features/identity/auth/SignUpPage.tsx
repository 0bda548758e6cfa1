import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client";
import { identityEndpoints } from "../../../api/identity";
import { FailureAlert } from "../../../components/FailureAlert";
import { PublicLayout } from "../../../components/PublicLayout";
import { usePageTitle } from "../../../components/usePageTitle";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { AccountStep } from "./AccountStep";
import { AgreementStep } from "./AgreementStep";
import type { AccountValues } from "./signUpRules";

const ACCOUNT_FIELDS = ["name", "email", "password"];
const EMPTY: AccountValues = { name: "", email: "", password: "", repeat: "" };

/** Two-step account creation (spec §2, §5). */
export function SignUpPage() {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const [step, setStep] = useState<0 | 1 | "done">(0);
  const [account, setAccount] = useState<AccountValues>(EMPTY);
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  usePageTitle(t("auth.signUp.title"));

  const submit = async () => {
    setSubmitting(true);
    setError(null);
    try {
      await identityEndpoints.register({
        name: account.name,
        email: account.email,
        password: account.password,
        lng: language,
      });
      setStep("done");
    } catch (err) {
      setError(err);
      // A problem with the account data is fixed on step one.
      if (
        err instanceof ApiError &&
        (err.code === "email-already-in-use" || ACCOUNT_FIELDS.includes(err.field ?? ""))
      ) {
        setStep(0);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout maxWidth={760}>
      <Typography variant="h1" gutterBottom>
        {t("auth.signUp.title")}
      </Typography>
      {step === "done" ? (
        <Box>
          <Typography variant="h2" gutterBottom>
            {t("auth.signUp.successTitle")}
          </Typography>
          <Alert severity="success" sx={{ mb: 3 }}>
            {msg("account-created")}
          </Alert>
          <Button href="/auth/client/sign-in" variant="contained">
            {t("auth.goToSignIn")}
          </Button>
        </Box>
      ) : (
        <>
          <Stepper activeStep={step} alternativeLabel sx={{ my: 3 }}>
            <Step>
              <StepLabel>{t("auth.signUp.stepAccount")}</StepLabel>
            </Step>
            <Step>
              <StepLabel>{t("auth.signUp.stepAgreement")}</StepLabel>
            </Step>
          </Stepper>
          <FailureAlert failure={error} sx={{ mb: 2 }} />
          {step === 0 ? (
            <AccountStep
              initial={account}
              onNext={(values) => {
                setAccount(values);
                setError(null);
                setStep(1);
              }}
            />
          ) : (
            <AgreementStep submitting={submitting} onBack={() => setStep(0)} onSubmit={submit} />
          )}
          <Typography sx={{ mt: 3 }}>
            {t("auth.signUp.haveAccount")}{" "}
            <Link href="/auth/client/sign-in" sx={{ whiteSpace: "nowrap" }}>
              {t("common.signIn")}
            </Link>
          </Typography>
        </>
      )}
    </PublicLayout>
  );
}
