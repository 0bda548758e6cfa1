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
import { AuditTable } from "../../audit-common/AuditTable";
import { actorLabel } from "../../audit-common/labels";
import { browserTimezone } from "../../reports-common/window";

/**
 * /client/access-audit, "Who used my data" (issue 29 §1): each read of the person's health data by someone else —
 * which entity, which staff member (or a system administrator), what, when and the period of data read — newest
 * first, page after page. Times on the device's clock.
 */
export function AccessAuditPage() {
  const { t } = useTranslation();
  const tz = useMemo(browserTimezone, []);
  const audit = useMyAudit();
  usePageTitle(t("client-access-audit.title"));

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t("client-access-audit.title")}</Typography>
      <Typography color="text.secondary">{t("client-access-audit.intro")}</Typography>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <TimeZoneNote zone={tz} clock="browser" />
            <AuditTable<MyAuditEntry>
              label={t("client-access-audit.table")}
              emptyText={t("client-access-audit.empty")}
              query={audit}
              tz={tz}
              who={[
                {
                  id: "entity",
                  label: t("client-access-audit.entity"),
                  minWidth: 120,
                  render: (e) => e.entity_name ?? t("audit-common.admin"),
                },
                {
                  id: "who",
                  label: t("client-access-audit.who"),
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
