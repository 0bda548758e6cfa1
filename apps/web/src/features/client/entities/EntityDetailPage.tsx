import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ErrorState } from "../../../components/ErrorState";
import { ModuleTable } from "../../../components/ModuleTable";
import { PageLoader } from "../../../components/PageLoader";
import { usePageTitle } from "../../../components/usePageTitle";
import { useMyEntity, useMyModules } from "./hooks";
import { StatusChip } from "./StatusChip";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Box
        component="dd"
        sx={{ m: 0, mb: { xs: 1.5, sm: 0 }, overflowWrap: "anywhere", whiteSpace: "pre-line" }}
      >
        {children}
      </Box>
    </>
  );
}

/** /client/entities/{workspace_name}: information card and the modules table (only once added, spec §4). */
export function EntityDetailPage() {
  const { t } = useTranslation();
  const { workspace = "" } = useParams();
  const id = useId();
  const entity = useMyEntity(workspace);
  const modules = useMyModules(workspace, entity.isSuccess);
  usePageTitle(entity.data?.name ?? t("client-entities.detailTitle"));

  const crumbs = (
    <Breadcrumbs aria-label={t("client-entities.breadcrumb")}>
      <Link href="/client/entities">{t("client-entities.title")}</Link>
      <Typography color="text.primary" aria-current="page">
        {entity.data?.name ?? workspace}
      </Typography>
    </Breadcrumbs>
  );

  if (entity.isPending) return <PageLoader />;
  if (entity.isError)
    return (
      <Stack spacing={3}>
        {crumbs}
        <Typography variant="h1">{t("client-entities.detailTitle")}</Typography>
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
      <Card component="section" aria-labelledby={`${id}-info`}>
        <CardContent>
          <Typography variant="h2" id={`${id}-info`} gutterBottom>
            {t("client-entities.information")}
          </Typography>
          <Box
            component="dl"
            sx={{
              display: "grid",
              gridTemplateColumns: { xs: "1fr", sm: "200px 1fr" },
              columnGap: 2,
              rowGap: { xs: 0.25, sm: 1.5 },
              m: 0,
            }}
          >
            <Row label={t("client-entities.name")}>{e.name}</Row>
            <Row label={t("client-entities.entityId")}>{e.workspace_name}</Row>
            <Row label={t("client-entities.description")}>{e.description}</Row>
            <Row label={t("client-entities.visibility")}>
              {e.is_public ? t("client-entities.public") : t("client-entities.private")}
            </Row>
            <Row label={t("client-entities.language")}>{t(`language.${e.language}`)}</Row>
            <Row label={t("client-entities.statusLabel")}>
              <StatusChip entity={e} />
            </Row>
          </Box>
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby={`${id}-modules`}>
        <CardContent>
          <Typography variant="h2" id={`${id}-modules`} gutterBottom>
            {t("client-entities.modules")}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t("client-entities.modulesIntro")}
          </Typography>
          {modules.query.isError && (
            <ErrorState error={modules.query.error} onRetry={() => modules.query.refetch()} />
          )}
          <ModuleTable
            label={t("client-entities.modules")}
            modules={modules.query.data}
            loading={modules.query.isPending}
            emptyText={t("client-entities.noModules")}
            onSubscribe={modules.subscribe}
            onMode={modules.setMode}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
