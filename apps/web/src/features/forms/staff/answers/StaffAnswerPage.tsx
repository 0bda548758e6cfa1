import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { useDeleteStaffAnswer, useForm, useStaffAnswer } from "../../../../api/forms";
import { useWithoutPersonalParams } from "../../../../app/memberLinks";
import { staffPath, useEntityTimeZone, useWorkspace } from "../../../../app/session/workspace";
import { ConfirmDialog } from "../../../../components/ConfirmDialog";
import { FactList } from "../../../../components/DefinitionList";
import { ErrorState } from "../../../../components/ErrorState";
import { useNotify } from "../../../../components/Notifier";
import { usePageTitle } from "../../../../components/usePageTitle";
import { useLanguage } from "../../../../i18n/useLanguage";
import { AnswerForm } from "../../common/AnswerForm";
import { formatInstant } from "../../common/answerValues";
import { answerTargetOf, STAFF_ANSWERS_TAB_PATH } from "./answerLinks";

const positiveInt = (v: string | undefined) =>
  v && /^\d{1,9}$/.test(v) && Number(v) >= 1 ? Number(v) : null;

/**
 * /staff/form/{id}/history/answer (FORM-36): one member's answer to one sent order, read-only, with the
 * member's name, e-mail and the dates; the answer can be deleted after confirmation. The sent order and the
 * member's id come from navigation state, else from the query (a reload or a shared link opens the same
 * answer); the name and e-mail from the answer, else from the form's sent history (no answer yet). An older
 * link's `user_name` and `user_email` are ignored and taken out of the address.
 */
export function StaffAnswerPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const zone = useEntityTimeZone() ?? undefined;
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { workspace } = useWorkspace(true);
  const formId = positiveInt(useParams().id);
  useWithoutPersonalParams();
  const target = answerTargetOf(location.state, params);
  const ref =
    formId !== null && target ? { formId, sentOrder: target.sent_order, userId: target.user_id } : null;
  const answer = useStaffAnswer(workspace, ref);
  // the member's row of the form's sent history: the name and e-mail when there is no answer to read them from
  const form = useForm(answer.isError ? workspace : null, formId);
  const member = form.data?.history.find((r) => r.user_id === target?.user_id);
  const deleteAnswer = useDeleteStaffAnswer(workspace ?? "");
  const [confirming, setConfirming] = useState(false);

  const name = answer.data?.user.name ?? member?.user_name ?? "";
  const title = name
    ? t("forms-staff-answers.answerPage.title", { name })
    : t("forms-staff-answers.answerPage.titleUnknown");
  usePageTitle(title);

  const back =
    formId !== null
      ? staffPath(STAFF_ANSWERS_TAB_PATH(formId), workspace)
      : staffPath("/staff/form", workspace);
  const backButton = <Button href={back}>{t("forms-staff-answers.answerPage.back")}</Button>;

  const confirmDelete = async () => {
    if (!ref) return;
    await deleteAnswer.mutateAsync(ref);
    notify(t("forms-staff-answers.answerPage.deleted"), "success");
    navigate(back);
  };

  const facts: [string, string][] = [
    [t("forms-staff-answers.answerPage.member"), name],
    [t("forms-staff-answers.answerPage.email"), answer.data?.user.email ?? member?.user_email ?? ""],
    [t("forms-staff-answers.answerPage.request"), target ? String(target.sent_order) : ""],
    [
      t("forms-staff-answers.answerPage.sent"),
      answer.data?.sent_at || target?.date
        ? formatInstant(answer.data?.sent_at ?? target?.date ?? "", language, true, zone)
        : "",
    ],
    [
      t("forms-staff-answers.answerPage.answeredAt"),
      answer.data?.answered_at ? formatInstant(answer.data.answered_at, language, true, zone) : "",
    ],
  ];

  return (
    <Stack spacing={3}>
      <Box>{backButton}</Box>
      <Typography variant="h1" sx={{ overflowWrap: "anywhere" }}>
        {title}
      </Typography>
      {!ref ? (
        <Alert severity="info">{t("forms-staff-answers.answerPage.missing")}</Alert>
      ) : (
        <>
          <Card>
            <CardContent>
              <FactList facts={facts.filter(([, value]) => value)} />
            </CardContent>
          </Card>
          {answer.isError && <ErrorState error={answer.error} onRetry={() => answer.refetch()} />}
          {answer.isPending && !answer.isError && (
            <Box role="status" aria-busy="true" aria-label={t("common.loading")}>
              <Skeleton variant="rounded" height={200} />
            </Box>
          )}
          {answer.data && (
            <AnswerForm
              mode="read-only"
              headingComponent="h2"
              name={answer.data.name}
              description={answer.data.description}
              questions={answer.data.questions}
              answers={answer.data.answers}
              actions={
                <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
                  {t("forms-staff-answers.deleteConfirm")}
                </Button>
              }
            />
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("forms-staff-answers.deleteTitle")}
        confirmLabel={t("forms-staff-answers.deleteConfirm")}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      >
        <Typography>
          {t("forms-staff-answers.deleteBody", {
            name,
            order: target?.sent_order ?? "",
            date: formatInstant(answer.data?.sent_at ?? target?.date ?? "", language, true, zone),
          })}
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
