import { localeOf } from "@mimamori/shared";
import DownloadIcon from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../../api/errors";
import { formAnswerEndpoints } from "../../../../api/form-answers";
import { useEntityTimeZone } from "../../../../app/session/workspace";
import { useNotify } from "../../../../components/Notifier";
import { useLanguage } from "../../../../i18n/useLanguage";
import { formatBytes, streamDownload } from "../../../reports-common/download";

/**
 * The answers CSV of a form (FORM-35), its date-times on the entity's clock (named in the CSV's headers): the button is busy and shows
 * the bytes received while the file streams; a failure is shown under it in the user's language.
 */
export function DownloadAnswersButton({ workspace, formId }: { workspace: string; formId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const timezone = useEntityTimeZone();
  const [bytes, setBytes] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const download = async () => {
    if (!timezone) return;
    abort.current = new AbortController();
    setBytes(0);
    setError(null);
    try {
      const file = await streamDownload(formAnswerEndpoints.csvPath(workspace, formId, timezone), {
        fallbackName: `form_${formId}_answers.csv`,
        onProgress: setBytes,
        signal: abort.current.signal,
      });
      notify(t("staff-forms-answers.downloaded", { file: file.filename }), "success");
    } catch (err) {
      if (!(err instanceof DOMException && err.name === "AbortError")) setError(err);
    } finally {
      setBytes(null);
    }
  };

  const busy = bytes !== null;
  return (
    <Box sx={{ textAlign: { sm: "right" } }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={download}
        loading={busy}
        loadingPosition="start"
        disabled={!timezone}
      >
        {t("staff-forms-answers.download")}
      </Button>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
        {busy
          ? t("staff-forms-answers.downloading", { size: formatBytes(bytes, localeOf(language)) })
          : timezone && t("staff-forms-answers.downloadHint", { zone: timezone })}
      </Typography>
      {error !== null && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setError(null)} closeText={t("common.close")}>
          {errorMessage(error, language)}
        </Alert>
      )}
    </Box>
  );
}
