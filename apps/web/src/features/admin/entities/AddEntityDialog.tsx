import { zodResolver } from "@hookform/resolvers/zod";
import { type CreateEntityBody, createEntityBodySchema, LANGUAGES } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client";
import { errorMessage } from "../../../api/errors";
import { orgEndpoints, orgKeys, useUidOrDash } from "../../../api/organisations";
import { fieldMessages, textField } from "../../../components/form";
import { useNotify } from "../../../components/Notifier";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";

const EMPTY: CreateEntityBody = {
  workspace_name: "",
  name: "",
  description: "",
  is_public: true,
  language: "jp",
};

/** Add an entity: ID (3–20 single-byte letters and digits), name, description, public/private, language. */
export function AddEntityDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (workspace: string) => void;
}) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const client = useQueryClient();
  const uid = useUidOrDash();
  const titleId = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateEntityBody>({
    resolver: zodResolver(createEntityBodySchema),
    defaultValues: EMPTY,
    criteriaMode: "all",
  });

  const close = () => {
    reset(EMPTY);
    setFailure(null);
    onClose();
  };

  const onSubmit = async (body: CreateEntityBody) => {
    setFailure(null);
    try {
      const created = await orgEndpoints.createEntity(body);
      await client.invalidateQueries({ queryKey: orgKeys.entities(uid) });
      notify(msg("saved"), "success");
      close();
      onCreated(created.workspace_name);
    } catch (err) {
      if (err instanceof ApiError && err.field && err.field in EMPTY) {
        setError(err.field as keyof CreateEntityBody, { message: err.code });
      } else setFailure(err);
    }
  };

  const helper = (name: keyof CreateEntityBody, hint?: string) => {
    const list = fieldMessages(errors[name]);
    return list.length ? list.map(msg).join(" ") : hint;
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id={titleId}>{t("admin-entities.addTitle")}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary">
            {t("common.requiredNote")}
          </Typography>
          {failure !== null && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(failure, language)}
            </Alert>
          )}
          <TextField
            {...textField(register("workspace_name"))}
            label={t("admin-entities.entityId")}
            required
            autoComplete="off"
            error={!!errors.workspace_name}
            helperText={helper("workspace_name", t("admin-entities.entityIdHint"))}
            slotProps={{ htmlInput: { maxLength: 40, spellCheck: false, autoCapitalize: "none" } }}
          />
          <TextField
            {...textField(register("name"))}
            label={t("admin-entities.name")}
            required
            error={!!errors.name}
            helperText={helper("name")}
          />
          <TextField
            {...textField(register("description"))}
            label={t("admin-entities.description")}
            required
            multiline
            minRows={2}
            error={!!errors.description}
            helperText={helper("description")}
          />
          <Controller
            control={control}
            name="language"
            render={({ field }) => (
              <TextField
                select
                label={t("admin-entities.language")}
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
              >
                {LANGUAGES.map((l) => (
                  <MenuItem key={l} value={l}>
                    {t(`language.${l}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="is_public"
            render={({ field }) => (
              <Box sx={{ mt: 1 }}>
                <FormControlLabel
                  control={
                    <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  }
                  label={t("admin-entities.publicLabel")}
                />
                <Typography variant="body2" color="text.secondary">
                  {field.value ? t("admin-entities.publicHint") : t("admin-entities.privateHint")}
                </Typography>
              </Box>
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t("ui.actions.cancel")}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t("admin-entities.create")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
