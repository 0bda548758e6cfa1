import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { WebhookList } from "../../webhooks/common/WebhookList";

/**
 * The entity's signed webhooks for the admin managing it (issue 31 §6: "admins or staff with the right add webhook
 * endpoints"): the staff's list (`webhooks/common/WebhookList`) through `/api/entities/{ws}/webhooks`, which also
 * answers while the entity's notification settings are locked. Delivery times on the entity's clock.
 */
export function EntityWebhooksCard({
  workspace,
  entityName,
  timezone,
  titleId,
}: {
  workspace: string;
  entityName: string;
  timezone: string;
  titleId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <WebhookList
          scope={{ area: "admin", workspace }}
          entityName={entityName}
          timeZone={timezone}
          framed={false}
          header={
            <Box>
              <Typography variant="h2" id={titleId} gutterBottom>
                {t("entities-admin.webhooks.title")}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t("entities-admin.webhooks.intro")}
              </Typography>
            </Box>
          }
        />
      </CardContent>
    </Card>
  );
}
