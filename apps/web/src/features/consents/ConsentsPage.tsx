import type { ConsentEvent } from "@mimamori/shared";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useConsentHistory } from "../../api/consents";
import { DataTable } from "../../components/DataTable";
import { ErrorState } from "../../components/ErrorState";
import { TimeZoneNote } from "../../components/TimeZoneNote";
import { usePageTitle } from "../../components/usePageTitle";
import { useLanguage } from "../../i18n/useLanguage";
import { browserTimezone, formatStamp } from "../reports/common/window";
import { itemLabel, kindLabel } from "./labels";

/**
 * /{area}/consents, "My consents" (issue 29 §2), for every signed-in person: each terms and privacy version
 * accepted, each membership accepted or left, each share granted or revoked and each staff invitation accepted,
 * newest first. Times on the device's clock, as the person's other pages.
 */
export function ConsentsPage() {
  const { t } = useTranslation();
  const tz = useMemo(browserTimezone, []);
  const history = useConsentHistory(useLanguage());
  usePageTitle(t("consents.title"));
  const rows = history.data?.items.map((e, i) => ({ ...e, key: `${i}-${e.kind}-${e.at}` }));

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t("consents.title")}</Typography>
      <Typography color="text.secondary">{t("consents.intro")}</Typography>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <TimeZoneNote zone={tz} clock="browser" />
            {history.isError && <ErrorState error={history.error} onRetry={() => history.refetch()} />}
            <DataTable<ConsentEvent & { key: string }>
              label={t("consents.table")}
              rows={rows}
              loading={history.isPending && !history.isError}
              emptyText={t("consents.empty")}
              rowKey={(e) => e.key}
              initialSort={{ by: "at", direction: "desc" }}
              columns={[
                {
                  id: "at",
                  label: t("consents.when"),
                  minWidth: 140,
                  render: (e) => formatStamp(Date.parse(e.at) / 1000, tz),
                  sortValue: (e) => Date.parse(e.at),
                },
                {
                  id: "what",
                  label: t("consents.what"),
                  minWidth: 140,
                  render: (e) => kindLabel(t, e),
                },
                {
                  id: "entity",
                  label: t("consents.entity"),
                  minWidth: 120,
                  render: (e) => e.entity_name ?? t("consents.none"),
                },
                {
                  id: "item",
                  label: t("consents.item"),
                  minWidth: 120,
                  render: (e) => itemLabel(t, e),
                },
              ]}
            />
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
