import { type CreateEntityBody, type Entity, LANGUAGES } from "@mimamori/shared";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Controller, type FieldValues, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { entityKeys } from "../../../api/entities";
import { useKeyUid } from "../../../api/hooks";
import { textField } from "../../../components/form";

/** The fields an entity's add and edit forms share. */
export type EntityFieldValues = Pick<CreateEntityBody, "name" | "description" | "language" | "is_public">;

/**
 * An entity's name, description and language, then `children` (the edit form's own fields), then public or
 * private with what that means: the fields of the add dialog and of the information card's edit form.
 */
export function EntityFields<T extends EntityFieldValues & FieldValues>({
  form,
  helper,
  children,
}: {
  form: UseFormReturn<T>;
  /** A field's error messages, if any. */
  helper: (name: keyof EntityFieldValues) => string | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  // the shared fields only: T has them with these types
  const {
    register,
    control,
    formState: { errors },
  } = form as unknown as UseFormReturn<EntityFieldValues>;
  return (
    <>
      <TextField
        {...textField(register("name"))}
        label={t("entities-admin.name")}
        required
        error={!!errors.name}
        helperText={helper("name")}
      />
      <TextField
        {...textField(register("description"))}
        label={t("entities-admin.description")}
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
            label={t("entities-admin.language")}
            required
            name={field.name}
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
      {children}
      <Controller
        control={control}
        name="is_public"
        render={({ field }) => (
          <Box sx={{ mt: 1 }}>
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={t("entities-admin.publicLabel")}
            />
            <Typography variant="body2" color="text.secondary">
              {field.value ? t("entities-admin.publicHint") : t("entities-admin.privateHint")}
            </Typography>
          </Box>
        )}
      />
    </>
  );
}

/** What adding or saving an entity changes in the admin's caches: the entity list, and the saved entity itself. */
export function useEntityCache() {
  const client = useQueryClient();
  const uid = useKeyUid();
  return {
    listChanged: () => client.invalidateQueries({ queryKey: entityKeys.entities(uid) }),
    saved: (entity: Entity) => client.setQueryData(entityKeys.entity(uid, entity.workspace_name), entity),
  };
}
