import { UI_VERSION } from "@mimamori/shared";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useUserInfo } from "../../api/hooks";
import { ErrorState } from "../../components/ErrorState";
import { usePageTitle } from "../../components/usePageTitle";
import { formatDate } from "../../i18n/language";
import { useLanguage } from "../../i18n/useLanguage";

/** The welcome page of /client and /admin (staff land on the watch board): greeting, interface version, about and supporters. */
export function HomePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const info = useUserInfo();
  usePageTitle(t("nav.home"));
  const name = info.data ? info.data.display_name || info.data.name : "";

  return (
    <Stack spacing={3}>
      <Typography variant="h1" sx={{ wordBreak: "keep-all", overflowWrap: "anywhere" }}>
        {info.isPending ? (
          <Skeleton sx={{ maxWidth: 360 }} aria-label={t("common.loading")} />
        ) : name ? (
          t("home.greeting", { name })
        ) : (
          t("home.welcome")
        )}
      </Typography>
      {info.isError && <ErrorState error={info.error} onRetry={() => info.refetch()} />}
      <Card>
        <CardContent>
          <Stack spacing={1.5}>
            <Typography>
              {t("home.today", { date: formatDate(new Date(), language, { dateStyle: "full" }) })}
            </Typography>
            <Typography color="text.secondary">{t("home.version", { version: UI_VERSION })}</Typography>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 1, sm: 3 }}>
              <Link href="/about">{t("home.about")}</Link>
              <Link href="/supporters">{t("home.supporters")}</Link>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
