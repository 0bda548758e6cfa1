import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../../../api/client";
import { useForm } from "../../../api/forms";
import { useWorkspace } from "../../../app/session/workspace";
import { ErrorState } from "../../../components/ErrorState";
import { PageLoader } from "../../../components/PageLoader";
import { usePageTitle } from "../../../components/usePageTitle";
import { useMessage } from "../../../i18n/useLanguage";
import { FormEditor } from "./FormEditor";
import { formsPaths } from "./paths";

/** /staff/form/create: a new form (one non-required short-text question to start with). */
export function FormCreatePage() {
  const { workspace } = useWorkspace(true);
  if (!workspace) return null;
  return <FormEditor workspace={workspace} initial={null} />;
}

/** /staff/form/{id}/history: an existing form, its answers and its settings. */
export function FormHistoryPage() {
  const { t } = useTranslation();
  const msg = useMessage();
  const { workspace } = useWorkspace(true);
  const params = useParams();
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : null;
  const form = useForm(workspace, id);
  usePageTitle(form.data?.name ?? t("forms-staff.list.title"));

  if (!workspace) return null;
  // a new editor per form: its draft starts from that form (a failed refetch later keeps the editor and its draft)
  if (form.data) return <FormEditor key={form.data.id} workspace={workspace} initial={form.data} />;
  const missing = id === null || (form.error instanceof ApiError && form.error.status === 404);
  if (missing) {
    return (
      <Stack spacing={2} sx={{ alignItems: "flex-start" }}>
        <Typography variant="h1">{t("forms-staff.list.title")}</Typography>
        <Typography>{msg("form-not-found")}</Typography>
        <Button variant="contained" href={formsPaths.list(workspace)}>
          {t("forms-staff.editor.back")}
        </Button>
      </Stack>
    );
  }
  if (form.isError) return <ErrorState error={form.error} onRetry={() => form.refetch()} />;
  return <PageLoader />;
}
