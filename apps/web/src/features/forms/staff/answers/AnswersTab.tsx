import type { Form, SentHistoryRow } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useDeleteStaffAnswer, useFormSummary } from "../../../../api/forms";
import { staffPath, useEntityTimeZone } from "../../../../app/session/workspace";
import { ConfirmDialog } from "../../../../components/ConfirmDialog";
import { ErrorState } from "../../../../components/ErrorState";
import { useNotify } from "../../../../components/Notifier";
import { useRowDialog } from "../../../../components/useRowDialog";
import { useLanguage } from "../../../../i18n/useLanguage";
import { formatInstant } from "../../common/answerValues";
import { AnswerSummary } from "./AnswerSummary";
import { answerSearch, STAFF_ANSWER_PATH, type StaffAnswerTarget } from "./answerLinks";
import { DownloadAnswersButton } from "./DownloadAnswersButton";
import { MemberHistoryTable } from "./MemberHistoryTable";

type Item = SentHistoryRow["history"][number];

/**
 * The Answers tab of /staff/form/{id}/history (spec §2): who was asked and who answered (FORM-31…34), the
 * answers CSV (FORM-35) and a summary per question. `form.history` comes with the form; a deleted answer
 * refetches the form and the summary.
 */
export function AnswersTab({ workspace, form }: { workspace: string; form: Form }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const zone = useEntityTimeZone() ?? undefined;
  const notify = useNotify();
  const navigate = useNavigate();
  const id = useId();
  const summary = useFormSummary(workspace, form.id);
  const deleteAnswer = useDeleteStaffAnswer(workspace);
  const deleting = useRowDialog<{ target: StaffAnswerTarget; name: string }>();

  const targetOf = (row: SentHistoryRow, item: Item): StaffAnswerTarget => ({
    sent_order: item.sent_order,
    user_id: row.user_id,
    date: item.sent_at,
  });
  const open = (row: SentHistoryRow, item: Item) => {
    const target = targetOf(row, item);
    navigate(staffPath(`${STAFF_ANSWER_PATH(form.id)}?${answerSearch(target)}`, workspace), {
      state: target,
    });
  };
  const confirmDelete = deleting.confirm(async ({ target }) => {
    await deleteAnswer.mutateAsync({ formId: form.id, sentOrder: target.sent_order, userId: target.user_id });
    notify(t("forms-staff-answers.deleted"), "success");
  });

  const requests = form.history.reduce((n, r) => n + r.total, 0);
  const answered = form.history.reduce((n, r) => n + r.answered, 0);
  const target = deleting.row?.target;

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { xs: "stretch", sm: "flex-start" } }}
      >
        <Box>
          <Typography variant="h2">{t("forms-staff-answers.title")}</Typography>
          {requests > 0 && (
            <Typography color="text.secondary">
              {t("forms-staff-answers.progress", { answered, total: requests })}
            </Typography>
          )}
        </Box>
        {requests > 0 && <DownloadAnswersButton workspace={workspace} formId={form.id} />}
      </Stack>

      {form.history.length === 0 ? (
        <Typography color="text.secondary">{t("forms-staff-answers.noResponse")}</Typography>
      ) : (
        <>
          <Card component="section" aria-labelledby={`${id}-members`}>
            <CardContent>
              <Typography variant="h3" id={`${id}-members`} sx={{ mb: 2 }}>
                {t("forms-staff-answers.members")}
              </Typography>
              <MemberHistoryTable
                rows={form.history}
                onOpen={open}
                onDelete={(row, item) => deleting.show({ target: targetOf(row, item), name: row.user_name })}
              />
            </CardContent>
          </Card>
          <Box component="section" aria-labelledby={`${id}-summary`}>
            <Typography variant="h3" id={`${id}-summary`} sx={{ mb: 2 }}>
              {t("forms-staff-answers.summary.title")}
            </Typography>
            {summary.isError && <ErrorState error={summary.error} onRetry={() => summary.refetch()} />}
            {summary.isPending && !summary.isError && (
              <Box role="status" aria-busy="true" aria-label={t("common.loading")}>
                <Skeleton variant="rounded" height={120} />
              </Box>
            )}
            {summary.data && <AnswerSummary stats={summary.data} />}
          </Box>
        </>
      )}

      <ConfirmDialog
        open={deleting.open}
        title={t("forms-staff-answers.deleteTitle")}
        confirmLabel={t("forms-staff-answers.deleteConfirm")}
        onConfirm={confirmDelete}
        onClose={deleting.close}
      >
        <Typography>
          {t("forms-staff-answers.deleteBody", {
            name: deleting.row?.name ?? "",
            order: target?.sent_order ?? "",
            date: target ? formatInstant(target.date, language, true, zone) : "",
          })}
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
