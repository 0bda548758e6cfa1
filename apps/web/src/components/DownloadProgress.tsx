import { localeOf } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import type { SxProps, Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../api/errors";
import { useLanguage } from "../i18n/useLanguage";
import { formatBytes } from "./download";
import type { StreamedDownload } from "./useStreamedDownload";

/** A byte count in the reader's language (`formatBytes` with the current locale). */
export function useFormatBytes(): (bytes: number) => string {
  const language = useLanguage();
  return (bytes) => formatBytes(bytes, localeOf(language));
}

/**
 * The progress of a streamed download (`useStreamedDownload`) while it runs: an indeterminate bar named `label`
 * and the bytes received (`received(size)`), announced as a status; nothing otherwise.
 */
export function DownloadProgress({
  download,
  label,
  received,
}: {
  download: StreamedDownload;
  label: string;
  received: (size: string) => string;
}) {
  const size = useFormatBytes();
  if (download.bytes === null) return null;
  return (
    <Box role="status" sx={{ mt: 2 }}>
      <LinearProgress aria-label={label} />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {received(size(download.bytes))}
      </Typography>
    </Box>
  );
}

/** A download's buttons, right-aligned: a cancel button (`cancelLabel`) while it runs, then `children`. */
export function DownloadActions({
  download,
  cancelLabel,
  children,
}: {
  download: StreamedDownload;
  cancelLabel: string;
  children: ReactNode;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", mt: 2 }}>
      {download.busy && <Button onClick={download.cancel}>{cancelLabel}</Button>}
      {children}
    </Stack>
  );
}

/** Why the last try of a download failed, in the reader's language; `closable` lets the reader dismiss it. */
export function DownloadFailure({
  download,
  closable = false,
  sx = { mt: 2 },
}: {
  download: StreamedDownload;
  closable?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (download.failure === null) return null;
  return (
    <Alert
      severity="error"
      sx={sx}
      onClose={closable ? download.reset : undefined}
      closeText={closable ? t("common.close") : undefined}
    >
      {errorMessage(download.failure, language)}
    </Alert>
  );
}
