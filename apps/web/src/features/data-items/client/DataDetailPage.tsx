import type { DataItemDetail, DataView as DataViewRecord, SharedEntity } from "@mimamori/shared";
import AddIcon from "@mui/icons-material/Add";
import AddPhotoAlternateOutlined from "@mui/icons-material/AddPhotoAlternateOutlined";
import LinkOffOutlined from "@mui/icons-material/LinkOffOutlined";
import ShareOutlined from "@mui/icons-material/ShareOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../../../api/client";
import {
  dataEndpoints,
  uploadImage,
  uploadPaths,
  useDataChanged,
  useDataItem,
  useDataViews,
  useDeleteAnswer,
  useDeleteImage,
  useSharedEntities,
  useUnshareItem,
} from "../../../api/data-items";
import { useKeyUid } from "../../../api/hooks";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { useNotify } from "../../../components/Notifier";
import { PageBreadcrumbs } from "../../../components/PageBreadcrumbs";
import { PageSkeleton } from "../../../components/PageSkeleton";
import { SectionCard } from "../../../components/SectionCard";
import { TimeZoneNote } from "../../../components/TimeZoneNote";
import { usePageTitle } from "../../../components/usePageTitle";
import { useRowDialog } from "../../../components/useRowDialog";
import { valueColumn } from "../../../components/valueColumn";
import { useLanguage } from "../../../i18n/useLanguage";
import { formatInstant } from "../../forms/common/answerValues";
import { browserTimezone } from "../../reports/common/window";
import { AnswerList } from "../common/AnswerList";
import { relativeTime } from "../common/dataItems";
import { ImageGallery } from "../common/ImageGallery";
import { UploadImageDialog } from "../common/UploadImageDialog";
import { AddAnswerDialog } from "./AddAnswerDialog";
import { CLIENT_DATA_PATH, dataIdOf } from "./paths";
import { ShareDialog } from "./ShareDialog";

function InfoCard({ item, shares }: { item: DataItemDetail; shares: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows: [string, ReactNode][] = [
    [t("data-items-client.detail.kind"), t(`data-items-client.type.${item.data_type}`)],
    [
      t("data-items-client.lastUpdated"),
      item.last_updated
        ? `${relativeTime(item.last_updated, language)} (${formatInstant(item.last_updated, language)})`
        : t("data-items-client.never"),
    ],
    [
      t("data-items-client.detail.sharedCount"),
      shares > 0
        ? t("data-items-client.detail.sharedCountValue", { count: shares })
        : t("data-items-client.detail.notShared"),
    ],
  ];
  return (
    <SectionCard title={t("data-items-client.detail.info")}>
      <Box
        component="dl"
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "minmax(96px, 40%) 1fr", sm: "200px 1fr" },
          rowGap: 1,
          columnGap: 2,
          m: 0,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: "contents" }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <TimeZoneNote zone={browserTimezone()} clock="browser" sx={{ mt: 1 }} />
    </SectionCard>
  );
}

function AnswersCard({ item }: { item: DataItemDetail }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const remove = useDeleteAnswer(item.id);
  const question = item.question;
  return (
    <SectionCard
      title={t("data-items-client.detail.answers")}
      action={
        question && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {t("data-items-client.detail.addAnswer")}
          </Button>
        )
      }
    >
      {question && (
        <Typography sx={{ mb: 1.5, overflowWrap: "anywhere" }}>
          <Box component="span" sx={{ color: "text.secondary" }}>
            {t("data-items-client.detail.question")}:{" "}
          </Box>
          {question.text}
        </Typography>
      )}
      <AnswerList
        label={t("data-items-client.detail.answersLabel")}
        question={question}
        answers={item.answers}
        onDelete={(a) => remove.mutateAsync(a.id)}
      />
      {question && <AddAnswerDialog open={adding} question={question} onClose={() => setAdding(false)} />}
    </SectionCard>
  );
}

function ImagesCard({ item }: { item: DataItemDetail }) {
  const { t } = useTranslation();
  const uid = useKeyUid();
  const changed = useDataChanged();
  const remove = useDeleteImage(item.id);
  const [adding, setAdding] = useState(false);
  return (
    <SectionCard
      title={t("data-items-client.detail.images")}
      action={
        <Button variant="contained" startIcon={<AddPhotoAlternateOutlined />} onClick={() => setAdding(true)}>
          {t("data-items-common.upload.add")}
        </Button>
      }
    >
      <ImageGallery
        label={t("data-items-client.detail.imagesLabel")}
        images={item.images}
        emptyText={t("data-items-client.detail.noImages")}
        load={(imageId) => dataEndpoints.image(item.id, imageId)}
        onDelete={(image) => remove.mutateAsync(image.id)}
        cacheKey={["user", uid, "data", item.id, "files"]}
      />
      <UploadImageDialog
        open={adding}
        upload={(file, opts) => uploadImage(uploadPaths.own(item.id), file, opts)}
        onUploaded={changed}
        onClose={() => setAdding(false)}
      />
    </SectionCard>
  );
}

function SharesCard({ item }: { item: DataItemDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const entities = useSharedEntities(item.id);
  const unshare = useUnshareItem(item.id);
  const [sharing, setSharing] = useState(false);
  const removing = useRowDialog<SharedEntity>();
  const rows = entities.data?.entities;
  const name = removing.row?.name ?? "";
  return (
    <SectionCard
      title={t("data-items-client.detail.shared")}
      intro={t("data-items-client.detail.sharedIntro")}
      action={
        <Button variant="contained" startIcon={<ShareOutlined />} onClick={() => setSharing(true)}>
          {t("data-items-client.detail.share")}
        </Button>
      }
    >
      {entities.isError && <ErrorState error={entities.error} onRetry={() => entities.refetch()} />}
      <DataTable<SharedEntity>
        label={t("data-items-client.detail.sharedLabel")}
        rows={rows}
        loading={entities.isPending}
        emptyText={t("data-items-client.detail.noShares")}
        rowKey={(e) => e.workspace_name}
        initialSort={{ by: "name", direction: "asc" }}
        columns={[
          {
            id: "name",
            label: t("data-items-client.detail.entityName"),
            minWidth: 140,
            sortValue: (e) => e.name,
            render: (e) => <Typography sx={{ fontWeight: 600 }}>{e.name}</Typography>,
          },
          {
            id: "description",
            label: t("data-items-client.description"),
            render: (e) => (
              <Typography variant="body2" color="text.secondary">
                {e.description}
              </Typography>
            ),
          },
          valueColumn("workspace", t("data-items-client.detail.entityId"), (e) => e.workspace_name),
          {
            id: "since",
            label: t("data-items-client.detail.sharedSince"),
            sortValue: (e) => e.shared_at,
            render: (e) => formatInstant(e.shared_at, language),
          },
          {
            id: "actions",
            label: t("ui.actions.actions"),
            hideLabel: true,
            align: "right",
            render: (e) => (
              <Button
                size="small"
                color="error"
                startIcon={<LinkOffOutlined />}
                sx={{ whiteSpace: "nowrap" }}
                aria-label={t("data-items-client.detail.unshareOf", { name: e.name })}
                onClick={() => removing.show(e)}
              >
                {t("data-items-client.detail.unshare")}
              </Button>
            ),
          },
        ]}
      />
      <ShareDialog open={sharing} itemId={item.id} shared={rows ?? []} onClose={() => setSharing(false)} />
      <ConfirmDialog
        open={removing.open}
        title={t("data-items-client.detail.unshareTitle", { name })}
        confirmLabel={t("data-items-client.detail.unshareConfirm")}
        onConfirm={removing.confirm(async (e) => {
          await unshare.mutateAsync(e.workspace_name);
          notify(t("data-items-client.detail.unshared", { name }), "success");
        })}
        onClose={removing.close}
      >
        <Typography sx={{ overflowWrap: "anywhere" }}>
          {t("data-items-client.detail.unshareBody", { name })}
        </Typography>
      </ConfirmDialog>
    </SectionCard>
  );
}

function ViewsCard({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const views = useDataViews(itemId);
  return (
    <SectionCard title={t("data-items-client.detail.views")} intro={t("data-items-client.detail.viewsIntro")}>
      {views.isError && <ErrorState error={views.error} onRetry={() => views.refetch()} />}
      <DataTable<DataViewRecord>
        label={t("data-items-client.detail.viewsLabel")}
        rows={views.data?.views}
        loading={views.isPending}
        emptyText={t("data-items-client.detail.noViews")}
        rowKey={(v) => `${v.at}-${v.workspace_name}-${v.staff_name}-${v.action}`}
        initialSort={{ by: "at", direction: "desc" }}
        columns={[
          valueColumn("entity", t("data-items-client.detail.viewEntity"), (v) => v.entity_name),
          valueColumn("staff", t("data-items-client.detail.viewStaff"), (v) => v.staff_name),
          {
            id: "action",
            label: t("data-items-client.detail.viewAction"),
            sortValue: (v) => v.action,
            render: (v) => t(`data-items-client.detail.action.${v.action}`),
          },
          {
            id: "at",
            label: t("data-items-client.detail.viewAt"),
            sortValue: (v) => v.at,
            render: (v) => <time dateTime={v.at}>{formatInstant(v.at, language)}</time>,
          },
        ]}
      />
    </SectionCard>
  );
}

/**
 * /client/data/{id} (DATA-03…09): the item's information; its answers (form_data) or images (image); the
 * entities it is shared with, with share and stop sharing; and which entity's staff looked at it and when.
 */
export function DataDetailPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const itemId = dataIdOf(useParams().id);
  const item = useDataItem(itemId, language);
  const entities = useSharedEntities(itemId);
  usePageTitle(item.data?.name ?? t("data-items-client.title"));

  const breadcrumb = (
    <PageBreadcrumbs
      label={t("data-items-client.detail.breadcrumb")}
      links={[{ href: CLIENT_DATA_PATH, label: t("data-items-client.title") }]}
      current={item.data?.name ?? "…"}
    />
  );

  if (itemId === null || item.isError) {
    const notFound =
      itemId === null || (item.error instanceof ApiError && [403, 404].includes(item.error.status));
    return (
      <Stack spacing={3}>
        {breadcrumb}
        <Typography variant="h1">{t("data-items-client.title")}</Typography>
        {notFound ? (
          <Typography>{t("data-items-client.detail.notFound")}</Typography>
        ) : (
          <ErrorState error={item.error} onRetry={() => item.refetch()} />
        )}
      </Stack>
    );
  }

  if (item.isPending) return <PageSkeleton before={breadcrumb} titleWidth="50%" cards={[140, 200]} />;

  const data = item.data;
  const shares = entities.data?.entities.length ?? data.shared_entities.length;
  return (
    <Stack spacing={3}>
      {breadcrumb}
      <Box>
        <Typography variant="h1" sx={{ overflowWrap: "anywhere" }}>
          {data.name}
        </Typography>
        {data.description && (
          <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {data.description}
          </Typography>
        )}
      </Box>
      <InfoCard item={data} shares={shares} />
      {data.data_type === "form_data" ? <AnswersCard item={data} /> : <ImagesCard item={data} />}
      <SharesCard item={data} />
      <ViewsCard itemId={data.id} />
    </Stack>
  );
}
