import { localeOf } from "@mimamori/shared";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errors";
import { personalExportFallbackName, personalExportPath } from "../../../api/personal-export";
import { useMyRawRetention } from "../../../api/retention";
import { useNotify } from "../../../components/Notifier";
import { formatDate, formatNumber } from "../../../i18n/language";
import { useLanguage } from "../../../i18n/useLanguage";
import { formatBytes, streamDownload } from "../../reports-common/download";

/**
 * "Export my data" on the profile page of every role (issue 29 §3): one click downloads the ZIP of everything held
 * about the person, through the one API client; the bytes received show while it streams, it can be cancelled, and
 * a failure (e.g. 409: an export already running) is shown in the person's language.
 */
export function ExportDataCard({ titleId }: { titleId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const [bytes, setBytes] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const size = (n: number) => formatBytes(n, localeOf(language));
  const busy = bytes !== null;

  const download = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setFailure(null);
    setBytes(0);
    try {
      const done = await streamDownload(personalExportPath, {
        fallbackName: personalExportFallbackName,
        onProgress: setBytes,
        signal: controller.signal,
      });
      notify(t("privacy-export.done", { name: done.filename, size: size(done.bytes) }), "success");
    } catch (err) {
      if (controller.signal.aborted) notify(t("privacy-export.cancelled"), "info");
      else setFailure(err);
    } finally {
      abort.current = null;
      setBytes(null);
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography variant="h2" id={titleId} gutterBottom>
          {t("privacy-export.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("privacy-export.intro")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t("privacy-export.note")}
        </Typography>
        <RetentionNote />
        <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", mt: 2 }}>
          {busy && <Button onClick={() => abort.current?.abort()}>{t("privacy-export.cancel")}</Button>}
          <Button
            variant="contained"
            startIcon={<DownloadOutlined />}
            onClick={download}
            loading={busy}
            loadingPosition="start"
          >
            {t("privacy-export.download")}
          </Button>
        </Stack>
        {busy && (
          <Box role="status" sx={{ mt: 2 }}>
            <LinearProgress aria-label={t("privacy-export.progressLabel")} />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t("privacy-export.received", { size: size(bytes) })}
            </Typography>
          </Box>
        )}
        {failure !== null && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            onClose={() => setFailure(null)}
            closeText={t("common.close")}
          >
            {errorMessage(failure, language)}
          </Alert>
        )}
      </CardContent>
    </Card>
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
      {t("privacy-export.retentionKept", { days: data.days })}{" "}
      {data.raw_from && data.last_removed_at
        ? t("privacy-export.retentionRemoved", {
            from: day(data.raw_from),
            count: data.removed_samples,
            n: formatNumber(data.removed_samples, language),
            when: formatDate(new Date(data.last_removed_at), language, { dateStyle: "long" }),
          })
        : t("privacy-export.retentionNone")}
    </Typography>
  );
}
