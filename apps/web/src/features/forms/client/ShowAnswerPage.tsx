import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { AnswerForm } from "../common/AnswerForm";
import { answerPath, type SentOrderState } from "./clientForms";
import { RequestInfo, RequestPage, requestFormProps, useRequest } from "./RequestFrame";

/**
 * /client/forms/{id}/detail/show-answer (FORM-49): the member's answer, read-only: the form's name and
 * description and each question (as sent) with disabled inputs showing the chosen answer.
 */
export function ShowAnswerPage() {
  const { t } = useTranslation();
  const request = useRequest(t("forms-client.showAnswer.title"));
  return (
    <RequestPage request={request}>
      {(d, formId, sentOrder) => (
        <AnswerForm
          {...requestFormProps(d, formId)}
          mode="read-only"
          header={
            <Stack spacing={2}>
              <RequestInfo detail={d} />
              {!d.is_answered && (
                <Alert
                  severity="info"
                  action={
                    <Button
                      color="inherit"
                      size="small"
                      component={RouterLink}
                      to={answerPath(formId, sentOrder)}
                      state={{ sent_order: sentOrder } satisfies SentOrderState}
                    >
                      {t("forms-client.answer.goAnswer")}
                    </Button>
                  }
                >
                  {t("forms-client.answer.notAnswered")}
                </Alert>
              )}
            </Stack>
          }
        />
      )}
    </RequestPage>
  );
}
