import ContentCopyOutlined from "@mui/icons-material/ContentCopyOutlined";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../components/Notifier";

/** Shows a new signing secret once (after adding a webhook or making a new secret), with a copy button. */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const id = useId();
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard?.writeText(secret).catch(() => {});
    notify(t("webhooks-common.copied"), "success");
  };
  return (
    <Dialog
      open={secret !== null}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>{t("webhooks-common.secretTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
          {t("webhooks-common.secretText")}
        </DialogContentText>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
          <TextField
            label={t("webhooks-common.secretLabel")}
            value={secret ?? ""}
            fullWidth
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, "data-testid": "webhook-secret" },
              input: { sx: { fontFamily: "monospace", fontSize: 14 } },
            }}
            onFocus={(e) => e.target.select()}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopyOutlined />}
            onClick={copy}
            sx={{ flexShrink: 0 }}
          >
            {t("webhooks-common.copy")}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t("webhooks-common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
