import { zodResolver } from "@hookform/resolvers/zod";
import { createEntityBodySchema } from "@mimamori/shared";
import DialogContentText from "@mui/material/DialogContentText";
import TextField from "@mui/material/TextField";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { entityEndpoints, entityKeys } from "../../../api/entities";
import { errorCode } from "../../../api/errors";
import { useKeyUid } from "../../../api/hooks";
import { FormDialog } from "../../../components/FormDialog";
import { fieldHelper, textField } from "../../../components/form";
import { useNotify } from "../../../components/Notifier";
import { useFormDialog } from "../../../components/useFormDialog";
import { useMessage } from "../../../i18n/useLanguage";

const schema = createEntityBodySchema.pick({ workspace_name: true });
type Values = { workspace_name: string };

/** Adds an entity by its ID (private ones too); the application then waits for the staff's approval. */
export function AddEntityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const msg = useMessage();
  const notify = useNotify();
  const client = useQueryClient();
  const uid = useKeyUid();
  const { form, close, dialogProps } = useFormDialog<Values>({
    open,
    onClose,
    resolver: zodResolver(schema),
    empty: { workspace_name: "" },
    criteriaMode: "all",
  });
  const { errors } = form.formState;

  const onSubmit = async ({ workspace_name }: Values) => {
    try {
      const entity = await entityEndpoints.applyEntity(workspace_name);
      await client.invalidateQueries({ queryKey: entityKeys.myEntities(uid) });
      notify(t("entities-client.applied", { name: entity.name }), "success");
      close();
    } catch (err) {
      form.setError("workspace_name", { message: errorCode(err) });
    }
  };

  const helper = fieldHelper(errors, msg);

  return (
    <FormDialog
      {...dialogProps(onSubmit)}
      title={t("entities-client.addTitle")}
      submitLabel={t("entities-client.addSubmit")}
      maxWidth="xs"
    >
      <DialogContentText>{t("entities-client.addIntro")}</DialogContentText>
      <TextField
        {...textField(form.register("workspace_name"))}
        label={t("entities-client.entityId")}
        required
        autoFocus
        autoComplete="off"
        error={!!errors.workspace_name}
        helperText={helper("workspace_name", t("entities-client.entityIdHint"))}
        slotProps={{ htmlInput: { maxLength: 40, spellCheck: false, autoCapitalize: "none" } }}
      />
    </FormDialog>
  );
}
