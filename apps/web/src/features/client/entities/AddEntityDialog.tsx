import { zodResolver } from "@hookform/resolvers/zod";
import { createEntityBodySchema } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { errorCode } from "../../../api/errors";
import { orgEndpoints, orgKeys, useUidOrDash } from "../../../api/organisations";
import { fieldMessages, textField } from "../../../components/form";
import { useNotify } from "../../../components/Notifier";
import { useMessage } from "../../../i18n/useLanguage";

const schema = createEntityBodySchema.pick({ workspace_name: true });
type Values = { workspace_name: string };

/** Adds an entity by its ID (private ones too); the application then waits for the staff's approval. */
export function AddEntityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const msg = useMessage();
  const notify = useNotify();
  const client = useQueryClient();
  const uid = useUidOrDash();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { workspace_name: "" },
    criteriaMode: "all",
  });

  const close = () => {
    reset({ workspace_name: "" });
    onClose();
  };

  const onSubmit = async ({ workspace_name }: Values) => {
    try {
      const entity = await orgEndpoints.applyEntity(workspace_name);
      await client.invalidateQueries({ queryKey: orgKeys.myEntities(uid) });
      notify(t("client-entities.applied", { name: entity.name }), "success");
      close();
    } catch (err) {
      setError("workspace_name", { message: errorCode(err) });
    }
  };

  const messages = fieldMessages(errors.workspace_name);

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id={titleId}>{t("client-entities.addTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t("client-entities.addIntro")}</DialogContentText>
          <TextField
            {...textField(register("workspace_name"))}
            label={t("client-entities.entityId")}
            required
            autoFocus
            autoComplete="off"
            error={messages.length > 0}
            helperText={messages.length ? messages.map(msg).join(" ") : t("client-entities.entityIdHint")}
            slotProps={{ htmlInput: { maxLength: 40, spellCheck: false, autoCapitalize: "none" } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t("ui.actions.cancel")}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t("client-entities.addSubmit")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
