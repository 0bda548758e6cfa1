import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useSessionState, useStaffEntities } from "../../../api/hooks";
import { identityEndpoints } from "../../../api/identity";
import { afterSignIn } from "../../../app/guards/guardDecision";
import { signOut } from "../../../app/session/actions";
import { readCookie, writeCookie } from "../../../app/session/cookies";
import { ErrorState } from "../../../components/ErrorState";
import { FailureAlert } from "../../../components/FailureAlert";
import { PublicLayout } from "../../../components/PublicLayout";
import { usePageTitle } from "../../../components/usePageTitle";
import { applyLanguage } from "../../../i18n";
import { useMessage } from "../../../i18n/useLanguage";

/** Staff choose the entity (workspace) to work in; the selection is required (spec §2). */
export function EntitySelectPage() {
  const { t } = useTranslation();
  const msg = useMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSessionState();
  const entities = useStaffEntities();
  const [choice, setChoice] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  usePageTitle(t("auth.entitySelect.title"));

  const list = entities.data ?? [];
  const remembered = readCookie("workspace");
  const fallback =
    list.length === 1
      ? list[0]?.workspace_name
      : list.find((e) => e.workspace_name === remembered)?.workspace_name;
  const selected = choice ?? fallback ?? "";

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const entity = list.find((x) => x.workspace_name === selected);
    if (!entity) {
      setFieldError(true);
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    try {
      const { language: stored } = await identityEndpoints.staffLogin(entity.workspace_name);
      writeCookie("userType", "staff");
      writeCookie("workspace", entity.workspace_name);
      writeCookie("workspace_name", entity.name);
      applyLanguage(stored);
      const from = (location.state as { from?: unknown } | null)?.from;
      await navigate(afterSignIn("staff", from, entity.workspace_name), { replace: true });
    } catch (err) {
      setSubmitError(err);
      setSubmitting(false);
    }
  };

  /** The guard then shows the staff sign-in. */
  const toSignIn = () => signOut();

  const asClient = async () => {
    writeCookie("userType", "client");
    await navigate("/client", { replace: true });
  };

  return (
    <PublicLayout>
      <Typography variant="h1" gutterBottom>
        {t("auth.entitySelect.title")}
      </Typography>
      {user && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {t("auth.entitySelect.signedInAs", { email: user.email })}
        </Typography>
      )}
      {entities.isPending && (
        <Box sx={{ mt: 3 }} aria-busy="true">
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={42} sx={{ mt: 2 }} />
        </Box>
      )}
      {entities.isError && (
        <Box sx={{ mt: 3 }}>
          <ErrorState error={entities.error} onRetry={() => entities.refetch()} />
        </Box>
      )}
      {entities.isSuccess && list.length === 0 && (
        <>
          <Alert severity="info" sx={{ mt: 3 }}>
            {t("auth.entitySelect.none")}
          </Alert>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 3 }}>
            <Button variant="contained" onClick={asClient}>
              {t("auth.entitySelect.continueAsClient")}
            </Button>
            <Button onClick={toSignIn}>{t("common.signOut")}</Button>
          </Stack>
        </>
      )}
      {entities.isSuccess && list.length > 0 && (
        <Box component="form" noValidate onSubmit={submit} sx={{ mt: 1 }}>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t("auth.entitySelect.intro")}
          </Typography>
          <FailureAlert failure={submitError} sx={{ mt: 2 }} />
          <TextField
            select
            required
            label={t("auth.entitySelect.entity")}
            value={selected}
            onChange={(e) => {
              setChoice(e.target.value);
              setFieldError(false);
            }}
            error={fieldError}
            helperText={fieldError ? msg("entity-required") : undefined}
          >
            {list.map((entity) => (
              <MenuItem key={entity.workspace_name} value={entity.workspace_name}>
                {entity.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={submitting}
            sx={{ mt: 2 }}
          >
            {t("auth.entitySelect.submit")}
          </Button>
          <Box sx={{ mt: 2, textAlign: "right" }}>
            <Button onClick={toSignIn}>{t("common.signOut")}</Button>
          </Box>
        </Box>
      )}
    </PublicLayout>
  );
}
