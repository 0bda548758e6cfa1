import type { AdminEntity } from "@mimamori/shared";
import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { usePageTitle } from "../../../components/usePageTitle";
import { valueColumn } from "../../../components/valueColumn";
import { AddEntityDialog } from "./AddEntityDialog";
import { useAdminEntities } from "./hooks";

/** /admin/entities: every entity, with the add dialog (spec §2). */
export function EntitiesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entities = useAdminEntities();
  const [adding, setAdding] = useState(false);
  usePageTitle(t("entities-admin.title"));

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="h1">{t("entities-admin.title")}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t("entities-admin.add")}
        </Button>
      </Stack>
      {entities.isError && <ErrorState error={entities.error} onRetry={() => entities.refetch()} />}
      <Card>
        <CardContent>
          <DataTable<AdminEntity>
            label={t("entities-admin.title")}
            rows={entities.data}
            loading={entities.isPending}
            emptyText={t("entities-admin.empty")}
            rowKey={(e) => e.workspace_name}
            initialSort={{ by: "name", direction: "asc" }}
            columns={[
              {
                id: "name",
                label: t("entities-admin.name"),
                sortValue: (e) => e.name,
                render: (e) => (
                  <Link href={`/admin/entities/${encodeURIComponent(e.workspace_name)}`}>{e.name}</Link>
                ),
              },
              valueColumn("id", t("entities-admin.entityId"), (e) => e.workspace_name),
              {
                id: "visibility",
                label: t("entities-admin.visibility"),
                sortValue: (e) => (e.is_public ? 0 : 1),
                render: (e) => (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={e.is_public ? t("entities-admin.public") : t("entities-admin.private")}
                  />
                ),
              },
              {
                id: "language",
                label: t("entities-admin.language"),
                sortValue: (e) => e.language,
                render: (e) => t(`language.${e.language}`),
              },
              valueColumn("staff", t("entities-admin.staffCount"), (e) => e.staff_count, { align: "right" }),
              valueColumn("members", t("entities-admin.memberCount"), (e) => e.member_count, {
                align: "right",
              }),
            ]}
          />
        </CardContent>
      </Card>
      <AddEntityDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(ws) => navigate(`/admin/entities/${encodeURIComponent(ws)}`)}
      />
    </Stack>
  );
}
