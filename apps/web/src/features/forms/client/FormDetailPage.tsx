import type { FormHistoryItem } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import { ApiError } from "../../../api/client";
import { useClientFormHistory, useDeleteClientAnswer } from "../../../api/forms";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { ErrorState } from "../../../components/ErrorState";
import { useNotify } from "../../../components/Notifier";
import { PageBreadcrumbs } from "../../../components/PageBreadcrumbs";
import { PageSkeleton } from "../../../components/PageSkeleton";
import { RuledItem, RuledList } from "../../../components/RuledList";
import { TimeZoneNote } from "../../../components/TimeZoneNote";
import { usePageTitle } from "../../../components/usePageTitle";
import { useRowDialog } from "../../../components/useRowDialog";
import { useLanguage } from "../../../i18n/useLanguage";
import { browserTimezone } from "../../reports/common/window";
import { formatInstant } from "../common/answerValues";
import {
  answerPath,
  CLIENT_FORMS_PATH,
  formIdOf,
  type SentOrderState,
  showAnswerPath,
  splitHistory,
} from "./clientForms";

function RequestList({
  label,
  items,
  empty,
  action,
}: {
  label: string;
  items: FormHistoryItem[];
  empty: string;
  action: (item: FormHistoryItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <RuledList label={label}>
      {items.map((item) => (
        <RuledItem key={item.sent_order}>
          <Box sx={{ flex: "1 1 220px", minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{item.entity_name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t("forms-client.detail.requested", { date: formatInstant(item.date, language) })}
            </Typography>
            {item.answered_date && (
              <Typography variant="body2" color="text.secondary">
                {t("forms-client.detail.answeredOn", { date: formatInstant(item.answered_date, language) })}
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
            {action(item)}
          </Stack>
        </RuledItem>
      ))}
    </RuledList>
  );
}

/**
 * /client/forms/{id}/detail (FORM-40/41): the form's requests not answered and answered, each with the entity
 * and the date; answer, show an answer, or delete it (FORM-50…52: after confirmation; the lists are fetched
 * again whether the deletion worked or not, and a deleted answer's request is back under not answered).
 */
export function FormDetailPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const titleId = useId();
  const formId = formIdOf(useParams().id);
  const history = useClientFormHistory(formId);
  const deleteAnswer = useDeleteClientAnswer(formId ?? 0);
  const deleting = useRowDialog<FormHistoryItem>();
  usePageTitle(history.data?.name ?? t("forms-client.title"));

  const { notAnswered, answered } = splitHistory(history.data?.history ?? []);
  const when = (item: FormHistoryItem) => formatInstant(item.date, language);
  const state = (item: FormHistoryItem): SentOrderState => ({ sent_order: item.sent_order });

  const confirmDelete = deleting.confirm(async (item) => {
    if (formId === null) return;
    await deleteAnswer.mutateAsync(item.sent_order);
    notify(t("forms-client.detail.deleted"), "success");
  });

  const breadcrumb = (
    <PageBreadcrumbs
      label={t("forms-client.detail.breadcrumb")}
      links={[{ href: CLIENT_FORMS_PATH, label: t("forms-client.title") }]}
      current={history.data?.name ?? "…"}
    />
  );

  if (formId === null || history.isError) {
    return (
      <Stack spacing={3}>
        {breadcrumb}
        <ErrorState
          error={formId === null ? new ApiError(404, "form-not-found", "") : history.error}
          onRetry={() => history.refetch()}
        />
      </Stack>
    );
  }

  if (history.isPending) return <PageSkeleton before={breadcrumb} cards={[160, 160]} />;

  const form = history.data;
  return (
    <Stack spacing={3}>
      {breadcrumb}
      <Box>
        <Typography variant="h1" id={titleId} sx={{ overflowWrap: "anywhere" }}>
          {form.name}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {form.entity_name}
        </Typography>
        <TimeZoneNote zone={browserTimezone()} clock="browser" sx={{ mt: 0.5 }} />
        {form.description && (
          <Typography sx={{ mt: 1.5, whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {form.description}
          </Typography>
        )}
      </Box>

      <Card component="section" aria-labelledby={`${titleId}-open`}>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 1 }}>
            <Typography variant="h2" id={`${titleId}-open`}>
              {t("forms-client.detail.notAnswered")}
            </Typography>
            {notAnswered.length > 0 && <Chip size="small" color="error" label={notAnswered.length} />}
          </Stack>
          <RequestList
            label={t("forms-client.detail.notAnswered")}
            items={notAnswered}
            empty={t("forms-client.detail.noNotAnswered")}
            action={(item) => (
              <Button
                variant="contained"
                component={RouterLink}
                to={answerPath(form.id, item.sent_order)}
                state={state(item)}
                aria-label={t("forms-client.detail.answerLabel", { date: when(item) })}
              >
                {t("forms-client.detail.answer")}
              </Button>
            )}
          />
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby={`${titleId}-done`}>
        <CardContent>
          <Typography variant="h2" id={`${titleId}-done`} sx={{ mb: 1 }}>
            {t("forms-client.detail.answerHistory")}
          </Typography>
          <RequestList
            label={t("forms-client.detail.answerHistory")}
            items={answered}
            empty={t("forms-client.detail.noAnswered")}
            action={(item) => (
              <>
                <Button
                  variant="outlined"
                  component={RouterLink}
                  to={showAnswerPath(form.id, item.sent_order)}
                  state={state(item)}
                  aria-label={t("forms-client.detail.showLabel", { date: when(item) })}
                >
                  {t("forms-client.detail.show")}
                </Button>
                <Button
                  color="error"
                  onClick={() => deleting.show(item)}
                  aria-label={t("forms-client.detail.deleteLabel", { date: when(item) })}
                >
                  {t("forms-client.detail.delete")}
                </Button>
              </>
            )}
          />
        </CardContent>
      </Card>

      <ConfirmDialog
        open={deleting.open}
        title={t("forms-client.detail.deleteTitle")}
        confirmLabel={t("forms-client.detail.deleteConfirm")}
        onConfirm={confirmDelete}
        onClose={deleting.close}
      >
        <Typography>
          {t("forms-client.detail.deleteBody", {
            date: deleting.row ? when(deleting.row) : "",
            entity: deleting.row?.entity_name ?? form.entity_name,
          })}
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
