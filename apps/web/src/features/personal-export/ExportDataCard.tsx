import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { personalExportFallbackName, personalExportPath } from "../../api/personal-export";
import { useMyRawRetention } from "../../api/vitals";
import {
  DownloadActions,
  DownloadFailure,
  DownloadProgress,
  useFormatBytes,
} from "../../components/DownloadProgress";
import { useNotify } from "../../components/Notifier";
import { SectionCard } from "../../components/SectionCard";
import { useStreamedDownload } from "../../components/useStreamedDownload";
import { formatDate, formatNumber } from "../../i18n/language";
import { useLanguage } from "../../i18n/useLanguage";

/**
 * "Export my data" on the profile page of every role (issue 29 §3): one click downloads the ZIP of everything held
 * about the person, through the one API client; the bytes received show while it streams, it can be cancelled, and
 * a failure (e.g. 409: an export already running) is shown in the person's language.
 */
export function ExportDataCard({ titleId }: { titleId: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const download = useStreamedDownload();
  const size = useFormatBytes();

  const start = async () => {
    const ended = await download.start(personalExportPath, personalExportFallbackName);
    if ("file" in ended)
      notify(
        t("personal-export.done", { name: ended.file.filename, size: size(ended.file.bytes) }),
        "success",
      );
    else if ("cancelled" in ended) notify(t("personal-export.cancelled"), "info");
  };

  return (
    <SectionCard title={t("personal-export.title")} titleId={titleId} intro={t("personal-export.intro")}>
      <Typography variant="body2" color="text.secondary">
        {t("personal-export.note")}
      </Typography>
      <RetentionNote />
      <DownloadActions download={download} cancelLabel={t("personal-export.cancel")}>
        <Button
          variant="contained"
          startIcon={<DownloadOutlined />}
          onClick={start}
          loading={download.busy}
          loadingPosition="start"
        >
          {t("personal-export.download")}
        </Button>
      </DownloadActions>
      <DownloadProgress
        download={download}
        label={t("personal-export.progressLabel")}
        received={(size) => t("personal-export.received", { size })}
      />
      <DownloadFailure download={download} closable />
    </SectionCard>
  );
}

/** How long the person's raw samples are kept and, once retention removed some, from when raw data exists. */
function RetentionNote() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = useMyRawRetention();
  if (!data) return null;
  const day = (iso: string) => formatDate(new Date(iso), language, { dateStyle: "long", timeZone: "UTC" });
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="raw-retention">
      {t("personal-export.retentionKept", { days: data.days })}{" "}
      {data.raw_from && data.last_removed_at
        ? t("personal-export.retentionRemoved", {
            from: day(data.raw_from),
            count: data.removed_samples,
            n: formatNumber(data.removed_samples, language),
            when: formatDate(new Date(data.last_removed_at), language, { dateStyle: "long" }),
          })
        : t("personal-export.retentionNone")}
    </Typography>
  );
}
