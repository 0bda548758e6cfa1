import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../api/errors";
import { useLanguage } from "../i18n/useLanguage";

/** A failed load with the reason and a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      }
    >
      {t("common.loadFailed")} {errorMessage(error, language)}
    </Alert>
  );
}
