import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { PublicLayout } from "../components/PublicLayout";
import { usePageTitle } from "../components/usePageTitle";
import { useHomePath } from "./useHomePath";

export function NotFoundPage() {
  const { t } = useTranslation();
  const home = useHomePath();
  usePageTitle(t("errors.notFoundTitle"));
  return (
    <PublicLayout>
      <Typography variant="h1" gutterBottom>
        {t("errors.notFoundTitle")}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t("errors.notFoundBody")}</Typography>
      <Button href={home} variant="contained">
        {t("errors.goHome")}
      </Button>
    </PublicLayout>
  );
}
