import type { DataItemSummary } from "@mimamori/shared";
import AddPhotoAlternateOutlined from "@mui/icons-material/AddPhotoAlternateOutlined";
import FolderOffOutlined from "@mui/icons-material/FolderOffOutlined";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import {
  dataEndpoints,
  uploadImage,
  uploadPaths,
  useStaffDataDetail,
  useStaffDataImages,
  useStaffMemberData,
  useStaffMemberDataChanged,
} from "../../../../api/data-items";
import { useStaffMember } from "../../../../api/entities";
import { useKeyUid } from "../../../../api/hooks";
import { useWithoutPersonalParams } from "../../../../app/memberLinks";
import { staffPath, useWorkspace } from "../../../../app/session/workspace";
import { ErrorState } from "../../../../components/ErrorState";
import { usePageTitle } from "../../../../components/usePageTitle";
import { useLanguage } from "../../../../i18n/useLanguage";
import { AnswerList } from "../../../data-items/common/AnswerList";
import { relativeTime } from "../../../data-items/common/dataItems";
import { ImageGallery } from "../../../data-items/common/ImageGallery";
import { UploadImageDialog } from "../../../data-items/common/UploadImageDialog";
import { formatInstant } from "../../../forms/common/answerValues";
import { canStaffAddImages, isContactItem } from "./cards";

interface CardProps {
  ws: string;
  member: string;
  item: DataItemSummary;
}

function ItemCard({
  item,
  action,
  children,
}: {
  item: DataItemSummary;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Stack
          direction="row"
          useFlexGap
          sx={{ alignItems: "flex-start", justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h2" id={id} sx={{ overflowWrap: "anywhere" }}>
              {item.name}
            </Typography>
            {item.last_updated && (
              <Typography variant="body2" color="text.secondary">
                <time dateTime={item.last_updated} title={formatInstant(item.last_updated, language)}>
                  {t("entities-staff-user-detail.lastUpdated", {
                    date: relativeTime(item.last_updated, language),
                  })}
                </time>
              </Typography>
            )}
          </Box>
          {action}
        </Stack>
        {item.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2, overflowWrap: "anywhere" }}>
            {item.description}
          </Typography>
        )}
        <Box sx={{ mt: item.description ? 0 : 2 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

/** form_data items (form_data_10, mobile_0509) and user_info: the member's answers, newest first. */
function AnswersItemCard({ ws, member, item }: CardProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const detail = useStaffDataDetail(ws, member, item.id, language);
  const contact = isContactItem(item);
  return (
    <ItemCard item={item}>
      {detail.isPending && <Skeleton variant="rounded" height={72} />}
      {detail.isError && <ErrorState error={detail.error} onRetry={() => detail.refetch()} />}
      {detail.data && (
        <>
          {detail.data.question && (
            <Typography sx={{ mb: 1, fontWeight: 500, overflowWrap: "anywhere" }}>
              {detail.data.question.text}
            </Typography>
          )}
          <AnswerList
            label={t(
              contact ? "entities-staff-user-detail.contactOf" : "entities-staff-user-detail.answersOf",
              {
                name: item.name,
              },
            )}
            question={detail.data.question}
            answers={detail.data.answers}
            emptyText={t("entities-staff-user-detail.noAnswers")}
          />
        </>
      )}
    </ItemCard>
  );
}

/** image items: the files, and for the covid19 types an add-image dialog (DATA-12, DATA-13). */
function ImagesItemCard({ ws, member, item }: CardProps) {
  const { t } = useTranslation();
  const uid = useKeyUid();
  const images = useStaffDataImages(ws, member, item.id);
  const changed = useStaffMemberDataChanged(ws, member);
  const [adding, setAdding] = useState(false);
  const addable = canStaffAddImages(item);
  return (
    <ItemCard
      item={item}
      action={
        addable && (
          <Button
            variant="contained"
            startIcon={<AddPhotoAlternateOutlined />}
            onClick={() => setAdding(true)}
            aria-label={`${t("data-items-common.upload.add")}: ${item.name}`}
          >
            {t("data-items-common.upload.add")}
          </Button>
        )
      }
    >
      {images.isError && <ErrorState error={images.error} onRetry={() => images.refetch()} />}
      <ImageGallery
        label={t("entities-staff-user-detail.imagesOf", { name: item.name })}
        images={images.data?.images}
        loading={images.isPending}
        emptyText={t("entities-staff-user-detail.noImages")}
        load={(imageId) => dataEndpoints.staffImage(ws, item.id, member, imageId)}
        cacheKey={["user", uid, "staff", ws, "member-files", member, item.id]}
      />
      {addable && (
        <UploadImageDialog
          open={adding}
          upload={(file, opts) => uploadImage(uploadPaths.staff(ws, item.id, member), file, opts)}
          onUploaded={changed}
          onClose={() => setAdding(false)}
        />
      )}
    </ItemCard>
  );
}

/**
 * /staff/users/{id} (DATA-10…14): one card per item the member shares with this entity (the server lists only
 * those, and records every read for the member's history); "No data" when nothing is shared. The URL carries
 * the member's id only: the name and e-mail come from the API (the spec's `?name&email` of older links are
 * ignored and taken out of the address).
 */
export function UserDetailPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { id: member = "" } = useParams();
  useWithoutPersonalParams();
  const { workspace, name: entityName } = useWorkspace(true);
  const ws = workspace ?? "";
  const person = useStaffMember(workspace, member);
  const name = person.data?.name || t("entities-staff-user-detail.member");
  const email = person.data?.email ?? "";
  const items = useStaffMemberData(ws, member, language);
  const failed = person.isError ? person : items.isError ? items : null;
  usePageTitle(`${name} – ${t("entities-staff-user-detail.title")}`);
  const entity = entityName ?? ws;

  const list = items.data?.data;
  return (
    <Stack spacing={3}>
      <Breadcrumbs aria-label={t("entities-staff-user-detail.breadcrumb")}>
        <Link href={staffPath("/staff/users", workspace)}>{t("ui.nav.users")}</Link>
        <Typography color="text.primary" aria-current="page">
          {name}
        </Typography>
      </Breadcrumbs>
      <Box>
        <Typography variant="h1" sx={{ overflowWrap: "anywhere" }} aria-busy={person.isLoading}>
          {person.isLoading ? <Skeleton width="12em" /> : name}
        </Typography>
        {email && (
          <Typography color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
            {email}
          </Typography>
        )}
        <Typography sx={{ mt: 1.5, maxWidth: 760 }}>
          {t("entities-staff-user-detail.intro", { name, entity })}
        </Typography>
      </Box>
      {failed && <ErrorState error={failed.error} onRetry={() => failed.refetch()} />}
      {items.isPending && !failed && (
        <Stack spacing={2} role="status" aria-busy="true" aria-label={t("common.loading")}>
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      )}
      {list && list.length === 0 && (
        <Card variant="outlined">
          <CardContent sx={{ textAlign: "center", py: 5 }}>
            <FolderOffOutlined sx={{ fontSize: 48, color: "text.secondary" }} aria-hidden />
            <Typography variant="h2" sx={{ mt: 1 }}>
              {t("entities-staff-user-detail.noData")}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t("entities-staff-user-detail.noDataHint", { name, entity })}
            </Typography>
          </CardContent>
        </Card>
      )}
      {list?.map((item) =>
        item.data_type === "image" ? (
          <ImagesItemCard key={item.id} ws={ws} member={member} item={item} />
        ) : (
          <AnswersItemCard key={item.id} ws={ws} member={member} item={item} />
        ),
      )}
    </Stack>
  );
}
