import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { PublicLayout } from "../components/PublicLayout";
import { NotFoundPage } from "./NotFoundPage";

/** A page failed to load (e.g. its code after a deployment) or threw. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <PublicLayout>
      <Typography variant="h1" gutterBottom>
        {t("errors.crashTitle")}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t("errors.crashBody")}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t("errors.reload")}
      </Button>
    </PublicLayout>
  );
}
