import type { AnswerDetail } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState";
import { useLanguage } from "../../../i18n/useLanguage";
import { formatInstant } from "../../forms-common/answerValues";
import { CLIENT_FORMS_PATH, detailPath } from "./clientForms";

/** Forms › {form} › {page}: the way back from an answer page. */
export function RequestBreadcrumbs({
  formId,
  formName,
  page,
}: {
  formId: number | null;
  formName: string | undefined;
  page: string;
}) {
  const { t } = useTranslation();
  return (
    <Breadcrumbs aria-label={t("client-forms.detail.breadcrumb")}>
      <Link href={CLIENT_FORMS_PATH}>{t("client-forms.title")}</Link>
      {formId !== null && <Link href={detailPath(formId)}>{formName ?? "…"}</Link>}
      <Typography color="text.primary" aria-current="page">
        {page}
      </Typography>
    </Breadcrumbs>
  );
}

/** Who asked and when (shown between the form's description and its questions). */
export function RequestInfo({ detail }: { detail: AnswerDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2" color="text.secondary">
        {t("client-forms.answer.requestedBy", {
          entity: detail.entity_name,
          date: formatInstant(detail.sent_at, language),
        })}
      </Typography>
      {detail.answered_at && (
        <Typography variant="body2" color="text.secondary">
          {t("client-forms.answer.answeredOn", { date: formatInstant(detail.answered_at, language) })}
        </Typography>
      )}
    </Stack>
  );
}

/** A back button to the form's page (or the list when the form id is unknown). */
export function BackToForm({ formId }: { formId: number | null }) {
  const { t } = useTranslation();
  return formId === null ? (
    <Button href={CLIENT_FORMS_PATH}>{t("client-forms.answer.backToForms")}</Button>
  ) : (
    <Button href={detailPath(formId)}>{t("client-forms.answer.back")}</Button>
  );
}

/** The loading state of an answer page. */
export function RequestSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label={t("common.loading")}>
      <Skeleton variant="text" width="60%" height={48} />
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={120} />
    </Stack>
  );
}

/**
 * What an answer page shows instead of the request: a note when the link names no request, or the load's
 * error with a retry; null while the request can be shown (or is loading).
 */
export function RequestUnavailable(props: {
  formId: number | null;
  sentOrder: number | null;
  breadcrumbs: ReactNode;
  error: unknown;
  onRetry: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const { formId, sentOrder, breadcrumbs, error, onRetry } = props;
  if (formId !== null && sentOrder !== null && !error) return null;
  return (
    <Stack spacing={3}>
      {breadcrumbs}
      {formId === null || sentOrder === null ? (
        <Alert severity="info">{t("client-forms.answer.missingOrder")}</Alert>
      ) : (
        <ErrorState error={error} onRetry={onRetry} />
      )}
      <BackToForm formId={formId} />
    </Stack>
  );
}
