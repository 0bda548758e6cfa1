import type { AnswerDetail } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useParams, useSearchParams } from "react-router";
import { useClientAnswer } from "../../../api/forms";
import { ErrorState } from "../../../components/ErrorState";
import { PageBreadcrumbs } from "../../../components/PageBreadcrumbs";
import { PageSkeleton } from "../../../components/PageSkeleton";
import { usePageTitle } from "../../../components/usePageTitle";
import { useLanguage } from "../../../i18n/useLanguage";
import type { AnswerFormProps } from "../common/AnswerForm";
import { formatInstant } from "../common/answerValues";
import { CLIENT_FORMS_PATH, detailPath, formIdOf, sentOrderOf } from "./clientForms";

/** Forms › {form} › {page}: the way back from an answer page. */
function RequestBreadcrumbs({
  formId,
  formName,
  page,
}: {
  formId: number | null;
  formName: string | undefined;
  page: string;
}) {
  const { t } = useTranslation();
  const forms = { href: CLIENT_FORMS_PATH, label: t("forms-client.title") };
  return (
    <PageBreadcrumbs
      label={t("forms-client.detail.breadcrumb")}
      links={formId === null ? [forms] : [forms, { href: detailPath(formId), label: formName ?? "…" }]}
      current={page}
    />
  );
}

/** Who asked and when (shown between the form's description and its questions). */
export function RequestInfo({ detail }: { detail: AnswerDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2" color="text.secondary">
        {t("forms-client.answer.requestedBy", {
          entity: detail.entity_name,
          date: formatInstant(detail.sent_at, language),
        })}
      </Typography>
      {detail.answered_at && (
        <Typography variant="body2" color="text.secondary">
          {t("forms-client.answer.answeredOn", { date: formatInstant(detail.answered_at, language) })}
        </Typography>
      )}
    </Stack>
  );
}

/** A back button to the form's page (or the list when the form id is unknown). */
export function BackToForm({ formId }: { formId: number | null }) {
  const { t } = useTranslation();
  return formId === null ? (
    <Button href={CLIENT_FORMS_PATH}>{t("forms-client.answer.backToForms")}</Button>
  ) : (
    <Button href={detailPath(formId)}>{t("forms-client.answer.back")}</Button>
  );
}

/**
 * The request an answer page shows: the form id of the path and the sent order (navigation state, else
 * `?sent_order=`: a reload, a mailed link), the request loaded, the page's title and its breadcrumbs ending in
 * `page`.
 */
export function useRequest(page: string) {
  const location = useLocation();
  const [params] = useSearchParams();
  const formId = formIdOf(useParams().id);
  const sentOrder = sentOrderOf(location.state, params);
  const detail = useClientAnswer(formId, sentOrder);
  usePageTitle(detail.data?.name ?? page);
  const breadcrumbs = <RequestBreadcrumbs formId={formId} formName={detail.data?.name} page={page} />;
  return { formId, sentOrder, detail, breadcrumbs };
}

/**
 * An answer page: under its breadcrumbs a note when the link names no request, the load's error with a retry,
 * a skeleton while the request loads (or while `waiting`), else what `children` makes of the request.
 */
export function RequestPage({
  request,
  waiting = false,
  children,
}: {
  request: ReturnType<typeof useRequest>;
  waiting?: boolean;
  children: (detail: AnswerDetail, formId: number, sentOrder: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const { formId, sentOrder, detail, breadcrumbs } = request;
  if (formId === null || sentOrder === null || detail.isError) {
    return (
      <Stack spacing={3}>
        {breadcrumbs}
        {formId === null || sentOrder === null ? (
          <Alert severity="info">{t("forms-client.answer.missingOrder")}</Alert>
        ) : (
          <ErrorState error={detail.error} onRetry={() => detail.refetch()} />
        )}
        <BackToForm formId={formId} />
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      {breadcrumbs}
      {detail.isPending || waiting ? (
        <PageSkeleton spacing={2} cards={[120, 120]} />
      ) : (
        children(detail.data, formId, sentOrder)
      )}
    </Stack>
  );
}

/** What an answer page's form shows of the request (the page's heading, its questions and answers) and its way back. */
export function requestFormProps(detail: AnswerDetail, formId: number) {
  return {
    headingComponent: "h1",
    name: detail.name,
    description: detail.description,
    questions: detail.questions,
    answers: detail.answers,
    actions: <BackToForm formId={formId} />,
  } satisfies Partial<AnswerFormProps>;
}
