import type { Entity } from "@mimamori/shared";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { orgEndpoints, orgKeys, useUidOrDash } from "../../../api/organisations";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { ErrorState } from "../../../components/ErrorState";
import { ModuleTable } from "../../../components/ModuleTable";
import { PageLoader } from "../../../components/PageLoader";
import { usePageTitle } from "../../../components/usePageTitle";
import { useMessage } from "../../../i18n/useLanguage";
import { EntityInfoCard } from "./EntityInfoCard";
import { EntityStaffCard } from "./EntityStaffCard";
import { EntityWebhooksCard } from "./EntityWebhooksCard";
import { useAdminEntities, useAdminEntity, useEntityModules } from "./hooks";
import { NotificationsDownloadCard } from "./NotificationsDownloadCard";

/** /admin/entities/{workspace_name}: information (view ↔ edit), staff, module subscriptions, delete (spec §2). */
export function EntityDetailPage() {
  const { t } = useTranslation();
  const { workspace = "" } = useParams();
  const entity = useAdminEntity(workspace);
  const [deleted, setDeleted] = useState<Entity | null>(null);
  usePageTitle(deleted?.name ?? entity.data?.name ?? t("admin-entities.detailTitle"));

  const crumbs = (
    <Breadcrumbs aria-label={t("admin-entities.breadcrumb")}>
      <Link href="/admin/entities">{t("admin-entities.title")}</Link>
      <Typography color="text.primary" aria-current="page">
        {deleted?.name ?? entity.data?.name ?? workspace}
      </Typography>
    </Breadcrumbs>
  );

  if (deleted) return <DeletedState entity={deleted} crumbs={crumbs} />;
  if (entity.isPending) return <PageLoader />;
  if (entity.isError)
    return (
      <Stack spacing={3}>
        {crumbs}
        <Typography variant="h1">{t("admin-entities.detailTitle")}</Typography>
        <ErrorState error={entity.error} onRetry={() => entity.refetch()} />
      </Stack>
    );
  return <EntityDetail entity={entity.data} crumbs={crumbs} onDeleted={setDeleted} />;
}

function EntityDetail({
  entity,
  crumbs,
  onDeleted,
}: {
  entity: Entity;
  crumbs: ReactNode;
  onDeleted: (e: Entity) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const uid = useUidOrDash();
  const id = useId();
  const ws = entity.workspace_name;
  const modules = useEntityModules(ws);
  const counts = useAdminEntities().data?.find((e) => e.workspace_name === ws);
  const [confirming, setConfirming] = useState(false);

  const remove = async () => {
    await orgEndpoints.deleteEntity(ws);
    client.removeQueries({ queryKey: orgKeys.entity(uid, ws) });
    await client.invalidateQueries({ queryKey: orgKeys.entities(uid) });
    onDeleted(entity);
  };

  return (
    <Stack spacing={3}>
      {crumbs}
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
      >
        <Typography variant="h1" sx={{ overflowWrap: "anywhere" }}>
          {entity.name}
        </Typography>
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteOutlined />}
          onClick={() => setConfirming(true)}
          sx={{ alignSelf: { xs: "flex-start", sm: "center" }, flexShrink: 0 }}
        >
          {t("admin-entities.delete")}
        </Button>
      </Stack>
      <EntityInfoCard entity={entity} titleId={`${id}-info`} />
      <EntityStaffCard workspace={ws} titleId={`${id}-staff`} />
      <Card component="section" aria-labelledby={`${id}-modules`}>
        <CardContent>
          <Typography variant="h2" id={`${id}-modules`} gutterBottom>
            {t("admin-entities.modules")}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t("admin-entities.modulesIntro")}
          </Typography>
          {modules.query.isError && (
            <ErrorState error={modules.query.error} onRetry={() => modules.query.refetch()} />
          )}
          <ModuleTable
            label={t("admin-entities.modules")}
            modules={modules.query.data}
            loading={modules.query.isPending}
            onSubscribe={modules.subscribe}
            onMode={modules.setMode}
          />
        </CardContent>
      </Card>
      <NotificationsDownloadCard workspace={ws} timezone={entity.time_zone} titleId={`${id}-notifications`} />
      <EntityWebhooksCard
        workspace={ws}
        entityName={entity.name}
        timezone={entity.time_zone}
        titleId={`${id}-webhooks`}
      />
      <ConfirmDialog
        open={confirming}
        title={t("admin-entities.deleteTitle", { name: entity.name })}
        confirmLabel={t("admin-entities.deleteConfirm")}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      >
        <Typography gutterBottom>{t("admin-entities.deleteBody", { id: ws })}</Typography>
        <Box component="ul" sx={{ pl: 3, my: 1 }}>
          <li>{t("admin-entities.deleteStaff", { count: counts?.staff_count ?? 0 })}</li>
          <li>{t("admin-entities.deleteMembers", { count: counts?.member_count ?? 0 })}</li>
          <li>{t("admin-entities.deleteModules")}</li>
          <li>{t("admin-entities.deleteData")}</li>
        </Box>
        <Typography>{t("admin-entities.deleteKept")}</Typography>
      </ConfirmDialog>
    </Stack>
  );
}

function DeletedState({ entity, crumbs }: { entity: Entity; crumbs: ReactNode }) {
  const { t } = useTranslation();
  const msg = useMessage();
  return (
    <Stack spacing={3}>
      {crumbs}
      <Typography variant="h1">{entity.name}</Typography>
      <Alert severity="success" role="status">
        <AlertTitle>{msg("request-successful")}</AlertTitle>
        {t("admin-entities.deleted", { name: entity.name })}
      </Alert>
      <Box>
        <Button href="/admin/entities" variant="contained">
          {t("admin-entities.backToList")}
        </Button>
      </Box>
    </Stack>
  );
}
