import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation, useParams, useSearchParams } from "react-router";
import { useClientAnswer } from "../../../api/client-forms";
import { usePageTitle } from "../../../components/usePageTitle";
import { AnswerForm } from "../../forms-common/AnswerForm";
import { answerPath, formIdOf, type SentOrderState, sentOrderOf } from "./clientForms";
import {
  BackToForm,
  RequestBreadcrumbs,
  RequestInfo,
  RequestSkeleton,
  RequestUnavailable,
} from "./RequestFrame";

/**
 * /client/forms/{id}/detail/show-answer (FORM-49): the member's answer, read-only: the form's name and
 * description and each question (as sent) with disabled inputs showing the chosen answer.
 */
export function ShowAnswerPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const formId = formIdOf(useParams().id);
  const sentOrder = sentOrderOf(location.state, params);
  const detail = useClientAnswer(formId, sentOrder);
  usePageTitle(detail.data?.name ?? t("client-forms.showAnswer.title"));

  const breadcrumbs = (
    <RequestBreadcrumbs
      formId={formId}
      formName={detail.data?.name}
      page={t("client-forms.showAnswer.title")}
    />
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
  if (detail.isPending) {
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
        mode="read-only"
        headingComponent="h1"
        name={d.name}
        description={d.description}
        questions={d.questions}
        answers={d.answers}
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
                    {t("client-forms.answer.goAnswer")}
                  </Button>
                }
              >
                {t("client-forms.answer.notAnswered")}
              </Alert>
            )}
          </Stack>
        }
        actions={<BackToForm formId={formId} />}
      />
    </Stack>
  );
}
