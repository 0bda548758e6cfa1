import { DATA_LIMITS, type DataImage } from "@mimamori/shared";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import DialogContentText from "@mui/material/DialogContentText";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { UploadOptions } from "../../../api/data-items";
import { FormDialog } from "../../../components/FormDialog";
import { useNotify } from "../../../components/Notifier";
import { visuallyHidden } from "../../../components/visuallyHidden";
import { useLanguage } from "../../../i18n/useLanguage";
import { fileProblem, formatBytes, IMAGE_ACCEPT } from "./dataItems";

interface Props {
  open: boolean;
  /** Sends the file (multipart field `image`), reporting progress. */
  upload: (file: File, opts: UploadOptions) => Promise<DataImage>;
  onClose: () => void;
  onUploaded: () => unknown;
}

/**
 * Adds one image or PDF (DATA-05, DATA-13): the file is checked here first (type, 10 MB: DATA_LIMITS), then sent
 * with a progress bar; the server's answer (it recognises the type by content) is shown as it says it.
 */
export function UploadImageDialog({ open, upload, onClose, onUploaded }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
  const max = formatBytes(DATA_LIMITS.imageBytesMax, language);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setProblem(null);
    setFailure(null);
    setProgress(null);
  }, [open]);

  const choose = (chosen: File | undefined) => {
    setFailure(null);
    if (!chosen) return;
    setFile(chosen);
    const found = fileProblem(chosen);
    setProblem(
      found === "too-large"
        ? t("data-items-common.upload.tooLarge", { size: formatBytes(chosen.size, language), max })
        : found === "wrong-type"
          ? t("data-items-common.upload.wrongType")
          : found === "empty"
            ? t("data-items-common.upload.empty")
            : null,
    );
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setProblem(t("data-items-common.upload.required"));
      button.current?.focus();
      return;
    }
    if (problem) return;
    setFailure(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      await upload(file, { language, onProgress: setProgress, signal: abort.current.signal });
      await onUploaded();
      notify(t("data-items-common.upload.uploaded"), "success");
      setProgress(null);
      onClose();
    } catch (err) {
      setProgress(null);
      if (err instanceof DOMException && err.name === "AbortError") return;
      setFailure(err);
    }
  };

  const cancel = () => {
    abort.current?.abort();
    onClose();
  };

  const problemId = `${id}-problem`;
  return (
    <FormDialog
      open={open}
      onClose={cancel}
      id={id}
      title={t("data-items-common.upload.title")}
      onSubmit={submit}
      submitLabel={t("data-items-common.upload.upload")}
      submitDisabled={!!problem}
      pending={busy}
      cancelWhilePending
      failure={failure}
    >
      <DialogContentText>{t("data-items-common.upload.intro", { max })}</DialogContentText>
      <Box sx={{ mt: 2, display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 }}>
        {/* the button is what keyboards and screen readers use; the input only opens the file picker */}
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          style={visuallyHidden}
          tabIndex={-1}
          aria-hidden
          disabled={busy}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <Button
          ref={button}
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          disabled={busy}
          onClick={() => input.current?.click()}
          aria-describedby={problem ? problemId : `${id}-chosen`}
        >
          {t("data-items-common.upload.choose")}
        </Button>
        <Typography
          id={`${id}-chosen`}
          sx={{ overflowWrap: "anywhere", minWidth: 0 }}
          color={file ? "text.primary" : "text.secondary"}
        >
          {file
            ? t("data-items-common.upload.chosen", {
                name: file.name,
                size: formatBytes(file.size, language),
              })
            : t("data-items-common.upload.noFile")}
        </Typography>
      </Box>
      {problem && (
        <Alert severity="error" id={problemId} sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
      {busy && (
        <LinearProgress
          variant={progress !== null && progress < 1 ? "determinate" : "indeterminate"}
          value={Math.round((progress ?? 0) * 100)}
          aria-label={t("data-items-common.upload.progress")}
          sx={{ mt: 3 }}
        />
      )}
    </FormDialog>
  );
}
