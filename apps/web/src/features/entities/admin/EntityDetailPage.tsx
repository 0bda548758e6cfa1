import type { Entity } from "@mimamori/shared";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { entityEndpoints, entityKeys } from "../../../api/entities";
import { useKeyUid } from "../../../api/hooks";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { ErrorState } from "../../../components/ErrorState";
import { ModuleTable } from "../../../components/ModuleTable";
import { PageLoader } from "../../../components/PageLoader";
import { SectionCard } from "../../../components/SectionCard";
import { usePageTitle } from "../../../components/usePageTitle";
import { useMessage } from "../../../i18n/useLanguage";
import { AlertsDownloadCard } from "./AlertsDownloadCard";
import { EntityInfoCard } from "./EntityInfoCard";
import { EntityStaffCard } from "./EntityStaffCard";
import { EntityWebhooksCard } from "./EntityWebhooksCard";
import { useAdminEntities, useAdminEntity, useEntityModules } from "./hooks";

/** /admin/entities/{workspace_name}: information (view ↔ edit), staff, module subscriptions, delete (spec §2). */
export function EntityDetailPage() {
  const { t } = useTranslation();
  const { workspace = "" } = useParams();
  const entity = useAdminEntity(workspace);
  const [deleted, setDeleted] = useState<Entity | null>(null);
  usePageTitle(deleted?.name ?? entity.data?.name ?? t("entities-admin.detailTitle"));

  const crumbs = (
    <Breadcrumbs aria-label={t("entities-admin.breadcrumb")}>
      <Link href="/admin/entities">{t("entities-admin.title")}</Link>
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
        <Typography variant="h1">{t("entities-admin.detailTitle")}</Typography>
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
  const uid = useKeyUid();
  const id = useId();
  const ws = entity.workspace_name;
  const modules = useEntityModules(ws);
  const counts = useAdminEntities().data?.find((e) => e.workspace_name === ws);
  const [confirming, setConfirming] = useState(false);

  const remove = async () => {
    await entityEndpoints.deleteEntity(ws);
    client.removeQueries({ queryKey: entityKeys.entity(uid, ws) });
    await client.invalidateQueries({ queryKey: entityKeys.entities(uid) });
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
          {t("entities-admin.delete")}
        </Button>
      </Stack>
      <EntityInfoCard entity={entity} titleId={`${id}-info`} />
      <EntityStaffCard workspace={ws} titleId={`${id}-staff`} />
      <SectionCard
        title={t("entities-admin.modules")}
        titleId={`${id}-modules`}
        intro={t("entities-admin.modulesIntro")}
      >
        {modules.query.isError && (
          <ErrorState error={modules.query.error} onRetry={() => modules.query.refetch()} />
        )}
        <ModuleTable
          label={t("entities-admin.modules")}
          modules={modules.query.data}
          loading={modules.query.isPending}
          onSubscribe={modules.subscribe}
          onMode={modules.setMode}
        />
      </SectionCard>
      <AlertsDownloadCard workspace={ws} timezone={entity.time_zone} titleId={`${id}-notifications`} />
      <EntityWebhooksCard
        workspace={ws}
        entityName={entity.name}
        timezone={entity.time_zone}
        titleId={`${id}-webhooks`}
      />
      <ConfirmDialog
        open={confirming}
        title={t("entities-admin.deleteTitle", { name: entity.name })}
        confirmLabel={t("entities-admin.deleteConfirm")}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      >
        <Typography gutterBottom>{t("entities-admin.deleteBody", { id: ws })}</Typography>
        <Box component="ul" sx={{ pl: 3, my: 1 }}>
          <li>{t("entities-admin.deleteStaff", { count: counts?.staff_count ?? 0 })}</li>
          <li>{t("entities-admin.deleteMembers", { count: counts?.member_count ?? 0 })}</li>
          <li>{t("entities-admin.deleteModules")}</li>
          <li>{t("entities-admin.deleteData")}</li>
        </Box>
        <Typography>{t("entities-admin.deleteKept")}</Typography>
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
        {t("entities-admin.deleted", { name: entity.name })}
      </Alert>
      <Box>
        <Button href="/admin/entities" variant="contained">
          {t("entities-admin.backToList")}
        </Button>
      </Box>
    </Stack>
  );
}
