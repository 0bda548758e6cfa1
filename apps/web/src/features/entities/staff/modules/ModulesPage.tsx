import type { Module } from "@mimamori/shared";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { entityEndpoints, entityKeys } from "../../../../api/entities";
import { useKeyUid } from "../../../../api/hooks";
import { useWorkspace } from "../../../../app/session/workspace";
import { DataTable } from "../../../../components/DataTable";
import { ErrorState } from "../../../../components/ErrorState";
import { usePageTitle } from "../../../../components/usePageTitle";
import { valueColumn } from "../../../../components/valueColumn";

/** /staff/modules: the modules the entity subscribes to, read-only; the delete button is disabled (spec §2). */
export function ModulesPage() {
  const { t } = useTranslation();
  const uid = useKeyUid();
  const { workspace } = useWorkspace(true);
  const ws = workspace ?? "";
  const modules = useQuery({
    queryKey: entityKeys.staffModules(uid, ws),
    queryFn: () => entityEndpoints.staffModules(ws),
    enabled: !!workspace,
  });
  usePageTitle(t("entities-staff-modules.title"));

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t("entities-staff-modules.title")}</Typography>
      <Typography color="text.secondary">{t("entities-staff-modules.intro")}</Typography>
      {modules.isError && <ErrorState error={modules.error} onRetry={() => modules.refetch()} />}
      <Card>
        <CardContent>
          <DataTable<Module>
            label={t("entities-staff-modules.title")}
            rows={modules.data}
            loading={modules.isPending}
            emptyText={t("entities-staff-modules.empty")}
            rowKey={(m) => String(m.id)}
            initialSort={{ by: "name", direction: "asc" }}
            columns={[
              valueColumn("name", t("entities-staff-modules.name"), (m) => m.name),
              valueColumn("description", t("entities-staff-modules.description"), (m) => m.description),
              {
                id: "actions",
                label: t("ui.actions.actions"),
                hideLabel: true,
                align: "right",
                width: 72,
                render: (m) => (
                  <Tooltip title={t("entities-staff-modules.deleteDisabled")}>
                    <span>
                      <IconButton
                        disabled
                        aria-label={t("entities-staff-modules.deleteOf", { name: m.name })}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </span>
                  </Tooltip>
                ),
              },
            ]}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
