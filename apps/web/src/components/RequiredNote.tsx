import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "./FailureAlert";

/**
 * The note that starred fields are required, at the top of a form; under it the last submit's `failure`, where the
 * form shows it first (a long form, whose foot may be out of sight).
 */
export function RequiredNote({ failure = null }: { failure?: unknown }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t("common.requiredNote")}
      </Typography>
      <FailureAlert failure={failure} sx={{ mt: 2 }} />
    </>
  );
}
