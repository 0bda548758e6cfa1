import type { UserRow, UserRowInput } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Link from "@mui/material/Link";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { entityEndpoints } from "../../../../api/entities";
import { errorCode, errorMessage } from "../../../../api/errors";
import { FailureAlert } from "../../../../components/FailureAlert";
import { useNotify } from "../../../../components/Notifier";
import { ResponsiveDialog } from "../../../../components/ResponsiveDialog";
import { useLanguage, useMessage } from "../../../../i18n/useLanguage";
import { CsvUpload } from "./CsvUpload";
import { ManualRowsForm } from "./ManualRowsForm";
import { RowsTable } from "./RowsTable";

type Step = "input" | "review" | "done";
const toInput = (r: UserRow): UserRowInput => ({ name: r.name, email: r.email, language: r.language });

/**
 * Add users (spec §2, §5): manual rows or a CSV upload → the rows validated by the server with their status →
 * terms checkbox and Register → each row sent or create_user_error.
 */
export function AddUsersDialog({
  open,
  workspace,
  onClose,
  onRegistered,
}: {
  open: boolean;
  workspace: string;
  onClose: () => void;
  onRegistered: () => void;
}) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const formId = useId();
  const [tab, setTab] = useState<"manual" | "csv">("manual");
  const [step, setStep] = useState<Step>("input");
  const [manual, setManual] = useState<UserRowInput[]>([]);
  const [rows, setRows] = useState<UserRow[]>([]);
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!open) return;
    setTab("manual");
    setStep("input");
    setManual([]);
    setRows([]);
    setAgreed(false);
    setAgreeError(false);
    setFailure(null);
  }, [open]);

  const validated = (list: UserRow[]) => {
    setRows(list);
    setStep("review");
    setAgreed(false);
    setAgreeError(false);
  };

  const validateManual = async (input: UserRowInput[]) => {
    setManual(input);
    setFailure(null);
    setBusy(true);
    try {
      validated(await entityEndpoints.validateRows(workspace, input));
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File) => {
    setBusy(true);
    setFailure(null);
    try {
      validated(await entityEndpoints.uploadCsv(workspace, file));
    } catch (err) {
      // invalid_csv (and other refusals of the file) as a 6 s snackbar (spec §8)
      notify(errorMessage(err, language), "error");
    } finally {
      setBusy(false);
    }
  };

  const registerRows = async () => {
    if (!agreed) {
      setAgreeError(true);
      return;
    }
    if (!rows.some((r) => r.status === "ok")) {
      notify(msg("no_user_alert"), "error");
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      setRows(await entityEndpoints.registerRows(workspace, rows.map(toInput)));
      setStep("done");
      notify(msg("users-registered"), "success");
      onRegistered();
    } catch (err) {
      if (errorCode(err) === "no_user_alert") notify(msg("no_user_alert"), "error");
      else setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  const okCount = rows.filter((r) => r.status === "ok").length;
  const sentCount = rows.filter((r) => r.status === "sent").length;

  return (
    <ResponsiveDialog
      open={open}
      onClose={busy ? undefined : onClose}
      title={t("entities-staff-users.addTitle")}
    >
      <DialogContent>
        <FailureAlert failure={failure} sx={{ mb: 2 }} />
        {step === "input" && (
          <>
            <Tabs value={tab} onChange={(_, v) => setTab(v)} aria-label={t("entities-staff-users.addMethod")}>
              <Tab
                value="manual"
                label={t("entities-staff-users.manualTab")}
                id={`${formId}-tab-manual`}
                aria-controls={`${formId}-panel`}
              />
              <Tab
                value="csv"
                label={t("entities-staff-users.csvTab")}
                id={`${formId}-tab-csv`}
                aria-controls={`${formId}-panel`}
              />
            </Tabs>
            <Box
              role="tabpanel"
              id={`${formId}-panel`}
              aria-labelledby={`${formId}-tab-${tab}`}
              sx={{ pt: 1 }}
            >
              {tab === "manual" ? (
                <ManualRowsForm
                  formId={formId}
                  initial={manual}
                  defaultLanguage={language}
                  onSubmit={validateManual}
                />
              ) : (
                <CsvUpload busy={busy} onFile={upload} />
              )}
            </Box>
          </>
        )}
        {step !== "input" && (
          <>
            <Typography sx={{ mb: 1 }} role="status">
              {step === "review"
                ? t("entities-staff-users.reviewSummary", { ok: okCount, total: rows.length })
                : t("entities-staff-users.doneSummary", { sent: sentCount, total: rows.length })}
            </Typography>
            {step === "review" && rows.some((r) => r.status === "duplicate_email") && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {msg("email_unique_alert")}
              </Alert>
            )}
            <RowsTable rows={rows} label={t("entities-staff-users.rowsLabel")} />
            {step === "done" && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t("entities-staff-users.doneHint")}
                {rows.some((r) => r.status === "create_user_error") &&
                  ` ${t("entities-staff-users.capHint")}`}
              </Alert>
            )}
          </>
        )}
        {step === "review" && (
          <Box sx={{ mt: 2 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={agreed}
                  onChange={(e) => {
                    setAgreed(e.target.checked);
                    if (e.target.checked) setAgreeError(false);
                  }}
                  required
                  slotProps={{ input: { "aria-invalid": agreeError, "aria-describedby": `${formId}-agree` } }}
                />
              }
              label={
                <Trans
                  i18nKey="entities-staff-users.agree"
                  components={{
                    terms: <Link href="/terms" target="_blank" rel="noopener" />,
                    privacy: <Link href="/privacy" target="_blank" rel="noopener" />,
                  }}
                />
              }
            />
            <FormHelperText id={`${formId}-agree`} error={agreeError}>
              {agreeError ? msg("terms-required") : t("entities-staff-users.agreeHint")}
            </FormHelperText>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
        {step === "input" && (
          <>
            <Button onClick={onClose}>{t("ui.actions.cancel")}</Button>
            {tab === "manual" && (
              <Button type="submit" form={formId} variant="contained" loading={busy}>
                {t("entities-staff-users.check")}
              </Button>
            )}
          </>
        )}
        {step === "review" && (
          <>
            <Button onClick={() => setStep("input")} disabled={busy}>
              {t("common.back")}
            </Button>
            <Button variant="contained" onClick={registerRows} loading={busy}>
              {t("entities-staff-users.register")}
            </Button>
          </>
        )}
        {step === "done" && (
          <Button variant="contained" onClick={onClose}>
            {t("ui.actions.close")}
          </Button>
        )}
      </DialogActions>
    </ResponsiveDialog>
  );
}
