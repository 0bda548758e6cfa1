import type { DataItemSummary } from "@mimamori/shared";
import ChevronRight from "@mui/icons-material/ChevronRight";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useDataItems } from "../../../api/data-items";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { usePageTitle } from "../../../components/usePageTitle";
import { useLanguage } from "../../../i18n/useLanguage";
import { formatInstant } from "../../forms/common/answerValues";
import { relativeTime } from "../common/dataItems";
import { dataDetailPath } from "./paths";

/**
 * /client/data (DATA-01): the member's data items, one per catalogue type: name, description, last modified as
 * relative time in the UI language (the exact time in a tooltip), and a detail action; sortable.
 */
export function DataListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const items = useDataItems(language);
  usePageTitle(t("data-items-client.title"));

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t("data-items-client.title")}</Typography>
      <Typography color="text.secondary">{t("data-items-client.intro")}</Typography>
      {items.isError && <ErrorState error={items.error} onRetry={() => items.refetch()} />}
      <Card>
        <CardContent>
          <DataTable<DataItemSummary>
            label={t("data-items-client.tableLabel")}
            rows={items.data?.data}
            loading={items.isPending}
            emptyText={t("data-items-client.empty")}
            rowKey={(d) => String(d.id)}
            columns={[
              {
                id: "name",
                label: t("data-items-client.name"),
                minWidth: 140,
                sortValue: (d) => d.name,
                render: (d) => <Typography sx={{ fontWeight: 600 }}>{d.name}</Typography>,
              },
              {
                id: "description",
                label: t("data-items-client.description"),
                sortValue: (d) => d.description,
                render: (d) => (
                  <Typography variant="body2" color="text.secondary">
                    {d.description}
                  </Typography>
                ),
              },
              {
                id: "updated",
                label: t("data-items-client.lastUpdated"),
                minWidth: 120,
                // never used items sort before the oldest change
                sortValue: (d) => d.last_updated ?? "",
                render: (d) =>
                  d.last_updated ? (
                    <Tooltip title={formatInstant(d.last_updated, language)}>
                      <time dateTime={d.last_updated}>{relativeTime(d.last_updated, language)}</time>
                    </Tooltip>
                  ) : (
                    <Typography variant="body2" color="text.secondary" component="span">
                      {t("data-items-client.never")}
                    </Typography>
                  ),
              },
              {
                id: "actions",
                label: t("ui.actions.actions"),
                hideLabel: true,
                align: "right",
                render: (d) => (
                  <Button
                    component={RouterLink}
                    to={dataDetailPath(d.id)}
                    size="small"
                    variant="outlined"
                    endIcon={<ChevronRight />}
                    sx={{ whiteSpace: "nowrap" }}
                    aria-label={t("data-items-client.openOf", { name: d.name })}
                  >
                    {t("data-items-client.open")}
                  </Button>
                ),
              },
            ]}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
