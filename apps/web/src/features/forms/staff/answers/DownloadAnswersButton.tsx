import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formAnswerEndpoints } from "../../../../api/forms";
import { useEntityTimeZone } from "../../../../app/session/workspace";
import { DownloadFailure, useFormatBytes } from "../../../../components/DownloadProgress";
import { useNotify } from "../../../../components/Notifier";
import { useStreamedDownload } from "../../../../components/useStreamedDownload";

/**
 * The answers CSV of a form (FORM-35), its date-times on the entity's clock (named in the CSV's headers): the button is busy and shows
 * the bytes received while the file streams; a failure is shown under it in the user's language.
 */
export function DownloadAnswersButton({ workspace, formId }: { workspace: string; formId: number }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const timezone = useEntityTimeZone();
  const download = useStreamedDownload();
  const size = useFormatBytes();

  const start = async () => {
    if (!timezone) return;
    const ended = await download.start(
      formAnswerEndpoints.csvPath(workspace, formId, timezone),
      `form_${formId}_answers.csv`,
    );
    if ("file" in ended)
      notify(t("forms-staff-answers.downloaded", { file: ended.file.filename }), "success");
  };

  const { bytes } = download;
  return (
    <Box sx={{ textAlign: { sm: "right" } }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={start}
        loading={bytes !== null}
        loadingPosition="start"
        disabled={!timezone}
      >
        {t("forms-staff-answers.download")}
      </Button>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
        {bytes !== null
          ? t("forms-staff-answers.downloading", { size: size(bytes) })
          : timezone && t("forms-staff-answers.downloadHint", { zone: timezone })}
      </Typography>
      <DownloadFailure download={download} closable sx={{ mt: 1 }} />
    </Box>
  );
}
