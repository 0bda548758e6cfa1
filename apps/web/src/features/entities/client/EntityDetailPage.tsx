import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Definition, DefinitionList } from "../../../components/DefinitionList";
import { ErrorState } from "../../../components/ErrorState";
import { ModuleTable } from "../../../components/ModuleTable";
import { PageBreadcrumbs } from "../../../components/PageBreadcrumbs";
import { PageLoader } from "../../../components/PageLoader";
import { SectionCard } from "../../../components/SectionCard";
import { usePageTitle } from "../../../components/usePageTitle";
import { useMyEntity, useMyModules } from "./hooks";
import { StatusChip } from "./StatusChip";

/** /client/entities/{workspace_name}: information card and the modules table (only once added, spec §4). */
export function EntityDetailPage() {
  const { t } = useTranslation();
  const { workspace = "" } = useParams();
  const entity = useMyEntity(workspace);
  const modules = useMyModules(workspace, entity.isSuccess);
  usePageTitle(entity.data?.name ?? t("entities-client.detailTitle"));

  const crumbs = (
    <PageBreadcrumbs
      label={t("entities-client.breadcrumb")}
      links={[{ href: "/client/entities", label: t("entities-client.title") }]}
      current={entity.data?.name ?? workspace}
    />
  );

  if (entity.isPending) return <PageLoader />;
  if (entity.isError)
    return (
      <Stack spacing={3}>
        {crumbs}
        <Typography variant="h1">{t("entities-client.detailTitle")}</Typography>
        <ErrorState error={entity.error} onRetry={() => entity.refetch()} />
      </Stack>
    );

  const e = entity.data;
  return (
    <Stack spacing={3}>
      {crumbs}
      <Typography variant="h1" sx={{ overflowWrap: "anywhere" }}>
        {e.name}
      </Typography>
      <SectionCard title={t("entities-client.information")}>
        <DefinitionList labelWidth={200}>
          <Definition label={t("entities-client.name")}>{e.name}</Definition>
          <Definition label={t("entities-client.entityId")}>{e.workspace_name}</Definition>
          <Definition label={t("entities-client.description")}>{e.description}</Definition>
          <Definition label={t("entities-client.visibility")}>
            {e.is_public ? t("entities-client.public") : t("entities-client.private")}
          </Definition>
          <Definition label={t("entities-client.language")}>{t(`language.${e.language}`)}</Definition>
          <Definition label={t("entities-client.statusLabel")}>
            <StatusChip entity={e} />
          </Definition>
        </DefinitionList>
      </SectionCard>
      <SectionCard title={t("entities-client.modules")} intro={t("entities-client.modulesIntro")}>
        {modules.query.isError && (
          <ErrorState error={modules.query.error} onRetry={() => modules.query.refetch()} />
        )}
        <ModuleTable
          label={t("entities-client.modules")}
          modules={modules.query.data}
          loading={modules.query.isPending}
          emptyText={t("entities-client.noModules")}
          onSubscribe={modules.subscribe}
          onMode={modules.setMode}
        />
      </SectionCard>
    </Stack>
  );
}
