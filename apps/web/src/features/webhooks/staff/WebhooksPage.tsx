import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { staffPath, useEntityTimeZone, useWorkspace } from "../../../app/session/workspace";
import { usePageTitle } from "../../../components/usePageTitle";
import { WebhookList } from "../common/WebhookList";

/**
 * /staff/notification-settings/webhooks (issue 31 §6): the entity's webhook endpoints, managed by its staff
 * (`webhooks/common/WebhookList`, the list an admin also uses on the entity's page).
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { workspace: ws, name: entityName } = useWorkspace(true);
  const timeZone = useEntityTimeZone() ?? "Asia/Tokyo";
  usePageTitle(t("webhooks-staff.title"));

  return (
    <Stack spacing={3}>
      <Breadcrumbs aria-label={t("alerts-staff-settings.breadcrumb")}>
        <Link href={staffPath("/staff/notification-settings", ws)} underline="hover" color="inherit">
          {t("webhooks-staff.back")}
        </Link>
        <Typography color="text.primary" aria-current="page">
          {t("webhooks-staff.title")}
        </Typography>
      </Breadcrumbs>
      <WebhookList
        scope={ws ? { area: "staff", workspace: ws } : null}
        entityName={entityName ?? ws ?? ""}
        timeZone={timeZone}
        header={
          <Box>
            <Typography variant="h1">{t("webhooks-staff.title")}</Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t("webhooks-staff.intro")} {t("webhooks-staff.docsHint")}
            </Typography>
          </Box>
        }
      />
    </Stack>
  );
}
