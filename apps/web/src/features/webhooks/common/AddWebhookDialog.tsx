import {
  NOTIFICATION_TYPES,
  type NotificationType,
  WEBHOOK_LIMITS,
  type WebhookCreated,
} from "@mimamori/shared";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCode } from "../../../api/errors";
import { type WebhookScope, webhookEndpoints } from "../../../api/webhooks";
import { FormDialog } from "../../../components/FormDialog";
import { useMessage } from "../../../i18n/useLanguage";

/** The add dialog: the receiver's URL, the alert kinds and a description; the server checks the address. */
export function AddWebhookDialog({
  open,
  scope,
  onClose,
  onAdded,
}: {
  open: boolean;
  scope: WebhookScope;
  onClose: () => void;
  onAdded: (created: WebhookCreated) => void;
}) {
  const { t } = useTranslation();
  const msg = useMessage();
  const id = useId();
  const [url, setUrl] = useState("");
  const [kinds, setKinds] = useState<NotificationType[]>([...NOTIFICATION_TYPES]);
  const [description, setDescription] = useState("");
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const code = failure ? errorCode(failure) : null;
  const urlError =
    code?.startsWith("webhook-url") ||
    code?.startsWith("webhook-h") ||
    code === "webhook-private-address" ||
    code === "required";
  const kindsError = code === "webhook-kinds-invalid";

  const close = () => {
    setUrl("");
    setKinds([...NOTIFICATION_TYPES]);
    setDescription("");
    setFailure(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      const created = await webhookEndpoints.add(scope, { url, kinds, description });
      close();
      onAdded(created);
    } catch (err) {
      setFailure(err);
    } finally {
      setPending(false);
    }
  };

  const toggle = (k: NotificationType, on: boolean) =>
    setKinds((ks) => (on ? [...ks, k].sort() : ks.filter((x) => x !== k)));

  return (
    <FormDialog
      open={open}
      onClose={close}
      id={id}
      title={t("webhooks-common.add")}
      onSubmit={submit}
      submitLabel={t("webhooks-common.add")}
      pending={pending}
      failure={urlError || kindsError ? null : failure}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t("webhooks-common.url")}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
          type="url"
          autoFocus
          error={!!urlError}
          helperText={urlError && code ? msg(code) : t("webhooks-common.urlHelp")}
          slotProps={{ htmlInput: { maxLength: WEBHOOK_LIMITS.urlMax + 1, inputMode: "url" } }}
        />
        <FormControl component="fieldset" error={kindsError}>
          <FormLabel component="legend">{t("webhooks-common.kinds")}</FormLabel>
          <FormGroup row>
            {NOTIFICATION_TYPES.map((k) => (
              <FormControlLabel
                key={k}
                control={
                  <Checkbox checked={kinds.includes(k)} onChange={(e) => toggle(k, e.target.checked)} />
                }
                label={t(`webhooks-common.kind.${k}`)}
              />
            ))}
          </FormGroup>
          {kindsError && code && <FormHelperText>{msg(code)}</FormHelperText>}
        </FormControl>
        <TextField
          label={t("webhooks-common.description")}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          helperText={t("webhooks-common.descriptionHelp")}
          slotProps={{ htmlInput: { maxLength: WEBHOOK_LIMITS.descriptionMax } }}
        />
      </Stack>
    </FormDialog>
  );
}
