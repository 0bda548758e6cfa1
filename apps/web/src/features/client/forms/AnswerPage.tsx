import { type AnswerInput, message } from "@mimamori/shared";
import Stack from "@mui/material/Stack";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../../api/client";
import { useClientAnswer, useSubmitAnswer } from "../../../api/client-forms";
import { useNotify } from "../../../components/Notifier";
import { usePageTitle } from "../../../components/usePageTitle";
import { useLanguage } from "../../../i18n/useLanguage";
import { AnswerForm } from "../../forms-common/AnswerForm";
import { CLIENT_FORMS_PATH, formIdOf, type SentOrderState, sentOrderOf, showAnswerPath } from "./clientForms";
import {
  BackToForm,
  RequestBreadcrumbs,
  RequestInfo,
  RequestSkeleton,
  RequestUnavailable,
} from "./RequestFrame";

/**
 * /client/forms/{id}/detail/answer (FORM-42…46): the request's questions (as they were sent) to fill in and
 * submit. The sent order comes from navigation state, else from `?sent_order=` (a reload, a mailed link).
 * A request already answered (on load, or a 409 on submit) goes to its show-answer page with a message.
 */
export function AnswerPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const formId = formIdOf(useParams().id);
  const sentOrder = sentOrderOf(location.state, params);
  const detail = useClientAnswer(formId, sentOrder);
  const submit = useSubmitAnswer(formId ?? 0, sentOrder ?? 0);
  // once sent, the refetched request says "answered": that must not send the member to show-answer
  const sent = useRef(false);
  usePageTitle(detail.data?.name ?? t("client-forms.answer.title"));

  const toShowAnswer = (note: string) => {
    if (formId === null || sentOrder === null) return;
    notify(note, "info");
    navigate(showAnswerPath(formId, sentOrder), {
      replace: true,
      state: { sent_order: sentOrder } satisfies SentOrderState,
    });
  };

  const answered = detail.data?.is_answered === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the loaded request turns out answered
  useEffect(() => {
    if (answered && !sent.current) toShowAnswer(t("client-forms.answer.alreadyAnswered"));
  }, [answered]);

  const send = async (answers: AnswerInput[]) => {
    sent.current = true;
    try {
      await submit.mutateAsync({ answers });
    } catch (err) {
      sent.current = false;
      if (err instanceof ApiError && err.code === "already-answered") {
        toShowAnswer(message("already-answered", language));
        return;
      }
      throw err;
    }
    notify(t("client-forms.answer.sent"), "success");
    navigate(CLIENT_FORMS_PATH);
  };

  const breadcrumbs = (
    <RequestBreadcrumbs formId={formId} formName={detail.data?.name} page={t("client-forms.answer.title")} />
  );

  if (formId === null || sentOrder === null || detail.isError) {
    return (
      <RequestUnavailable
        formId={formId}
        sentOrder={sentOrder}
        breadcrumbs={breadcrumbs}
        error={detail.error}
        onRetry={() => detail.refetch()}
      />
    );
  }
  if (detail.isPending || answered) {
    return (
      <Stack spacing={3}>
        {breadcrumbs}
        <RequestSkeleton />
      </Stack>
    );
  }

  const d = detail.data;
  return (
    <Stack spacing={3}>
      {breadcrumbs}
      <AnswerForm
        key={`${d.form_id}-${d.sent_order}`}
        mode="answer"
        headingComponent="h1"
        name={d.name}
        description={d.description}
        questions={d.questions}
        answers={d.answers}
        header={<RequestInfo detail={d} />}
        onSubmit={send}
        actions={<BackToForm formId={formId} />}
      />
    </Stack>
  );
}
