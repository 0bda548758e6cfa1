import { zodResolver } from "@hookform/resolvers/zod";
import { type CreateEntityBody, createEntityBodySchema } from "@mimamori/shared";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client";
import { entityEndpoints } from "../../../api/entities";
import { FormDialog } from "../../../components/FormDialog";
import { fieldHelper, textField } from "../../../components/form";
import { useNotify } from "../../../components/Notifier";
import { RequiredNote } from "../../../components/RequiredNote";
import { useFormDialog } from "../../../components/useFormDialog";
import { useMessage } from "../../../i18n/useLanguage";
import { EntityFields, useEntityCache } from "./EntityFields";

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
  const notify = useNotify();
  const cache = useEntityCache();
  const [failure, setFailure] = useState<unknown>(null);
  const { form, close, dialogProps } = useFormDialog<CreateEntityBody>({
    open,
    onClose: () => {
      setFailure(null);
      onClose();
    },
    resolver: zodResolver(createEntityBodySchema),
    empty: EMPTY,
    criteriaMode: "all",
  });
  const {
    register,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = async (body: CreateEntityBody) => {
    setFailure(null);
    try {
      const created = await entityEndpoints.createEntity(body);
      await cache.listChanged();
      notify(msg("saved"), "success");
      close();
      onCreated(created.workspace_name);
    } catch (err) {
      if (err instanceof ApiError && err.field && err.field in EMPTY) {
        setError(err.field as keyof CreateEntityBody, { message: err.code });
      } else setFailure(err);
    }
  };

  const helper = fieldHelper(errors, msg);

  return (
    <FormDialog
      {...dialogProps(onSubmit)}
      title={t("entities-admin.addTitle")}
      submitLabel={t("entities-admin.create")}
    >
      <RequiredNote failure={failure} />
      <TextField
        {...textField(register("workspace_name"))}
        label={t("entities-admin.entityId")}
        required
        autoComplete="off"
        error={!!errors.workspace_name}
        helperText={helper("workspace_name", t("entities-admin.entityIdHint"))}
        slotProps={{ htmlInput: { maxLength: 40, spellCheck: false, autoCapitalize: "none" } }}
      />
      <EntityFields form={form} helper={helper} />
    </FormDialog>
  );
}
