import type { MyAuditEntry } from "@mimamori/shared";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useMyAudit } from "../../../api/access-audit";
import { TimeZoneNote } from "../../../components/TimeZoneNote";
import { usePageTitle } from "../../../components/usePageTitle";
import { browserTimezone } from "../../reports/common/window";
import { AuditTable } from "../common/AuditTable";
import { actorLabel } from "../common/labels";

/**
 * /client/access-audit, "Who used my data" (issue 29 §1): each read of the person's health data by someone else —
 * which entity, which staff member (or a system administrator), what, when and the period of data read — newest
 * first, page after page. Times on the device's clock.
 */
export function AccessAuditPage() {
  const { t } = useTranslation();
  const tz = useMemo(browserTimezone, []);
  const audit = useMyAudit();
  usePageTitle(t("access-audit-client.title"));

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t("access-audit-client.title")}</Typography>
      <Typography color="text.secondary">{t("access-audit-client.intro")}</Typography>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <TimeZoneNote zone={tz} clock="browser" />
            <AuditTable<MyAuditEntry>
              label={t("access-audit-client.table")}
              emptyText={t("access-audit-client.empty")}
              query={audit}
              tz={tz}
              who={[
                {
                  id: "entity",
                  label: t("access-audit-client.entity"),
                  minWidth: 120,
                  render: (e) => e.entity_name ?? t("access-audit-common.admin"),
                },
                {
                  id: "who",
                  label: t("access-audit-client.who"),
                  minWidth: 120,
                  render: (e) => actorLabel(t, e.actor_name, e.role),
                },
              ]}
            />
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
