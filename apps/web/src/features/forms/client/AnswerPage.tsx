import { type AnswerInput, message } from "@mimamori/shared";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../../api/client";
import { useSubmitAnswer } from "../../../api/forms";
import { useNotify } from "../../../components/Notifier";
import { useLanguage } from "../../../i18n/useLanguage";
import { AnswerForm } from "../common/AnswerForm";
import { CLIENT_FORMS_PATH, type SentOrderState, showAnswerPath } from "./clientForms";
import { RequestInfo, RequestPage, requestFormProps, useRequest } from "./RequestFrame";

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
  const request = useRequest(t("forms-client.answer.title"));
  const { formId, sentOrder, detail } = request;
  const submit = useSubmitAnswer(formId ?? 0, sentOrder ?? 0);
  // once sent, the refetched request says "answered": that must not send the member to show-answer
  const sent = useRef(false);

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
    if (answered && !sent.current) toShowAnswer(t("forms-client.answer.alreadyAnswered"));
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
    notify(t("forms-client.answer.sent"), "success");
    navigate(CLIENT_FORMS_PATH);
  };

  return (
    <RequestPage request={request} waiting={answered}>
      {(d, formId) => (
        <AnswerForm
          key={`${d.form_id}-${d.sent_order}`}
          {...requestFormProps(d, formId)}
          mode="answer"
          header={<RequestInfo detail={d} />}
          onSubmit={send}
        />
      )}
    </RequestPage>
  );
}
