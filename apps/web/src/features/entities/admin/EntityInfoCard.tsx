import { zodResolver } from "@hookform/resolvers/zod";
import { type Entity, type UpdateEntityBody, updateEntityBodySchema } from "@mimamori/shared";
import EditOutlined from "@mui/icons-material/EditOutlined";
import LockOpenOutlined from "@mui/icons-material/LockOpenOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { entityEndpoints } from "../../../api/entities";
import { useRawRetentionDefaults } from "../../../api/vitals";
import { Definition, DefinitionList } from "../../../components/DefinitionList";
import { FailureAlert } from "../../../components/FailureAlert";
import { fieldHelper } from "../../../components/form";
import { useNotify } from "../../../components/Notifier";
import { SectionCard } from "../../../components/SectionCard";
import { formatDate } from "../../../i18n/language";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { EntityFields, useEntityCache } from "./EntityFields";

const toForm = (e: Entity): UpdateEntityBody => ({
  name: e.name,
  description: e.description,
  is_public: e.is_public,
  language: e.language,
  notification_setting_status: e.notification_setting_status,
  raw_retention_days: e.raw_retention_days,
});

/** The entity's information: read-only, or the edit form; saving returns to read-only (spec §2). */
export function EntityInfoCard({ entity, titleId }: { entity: Entity; titleId: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <SectionCard
      title={t("entities-admin.information")}
      titleId={titleId}
      action={
        !editing && (
          <Button startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t("ui.actions.edit")}
          </Button>
        )
      }
    >
      {editing ? <EditForm entity={entity} onDone={() => setEditing(false)} /> : <ReadOnly entity={entity} />}
    </SectionCard>
  );
}

function ReadOnly({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locked = entity.notification_setting_status === "locked";
  return (
    <DefinitionList labelWidth={220}>
      <Definition label={t("entities-admin.entityId")}>{entity.workspace_name}</Definition>
      <Definition label={t("entities-admin.name")}>{entity.name}</Definition>
      <Definition label={t("entities-admin.description")}>{entity.description}</Definition>
      <Definition label={t("entities-admin.visibility")}>
        {entity.is_public ? t("entities-admin.publicHint") : t("entities-admin.privateHint")}
      </Definition>
      <Definition label={t("entities-admin.language")}>{t(`language.${entity.language}`)}</Definition>
      <Definition label={t("entities-admin.notificationLock")}>
        <Chip
          size="small"
          variant="outlined"
          color={locked ? "warning" : "default"}
          icon={locked ? <LockOutlined /> : <LockOpenOutlined />}
          label={locked ? t("entities-admin.locked") : t("entities-admin.unlocked")}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {locked ? t("entities-admin.lockedHint") : t("entities-admin.unlockedHint")}
        </Typography>
      </Definition>
      <Definition label={t("entities-admin.rawRetention")}>
        <RawRetentionValue days={entity.raw_retention_days} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t("entities-admin.rawRetentionHint")}
        </Typography>
      </Definition>
      <Definition label={t("entities-admin.createdAt")}>
        {formatDate(new Date(entity.created_at), language, { dateStyle: "medium", timeStyle: "short" })}
      </Definition>
    </DefinitionList>
  );
}

/** The entity's raw-data retention: its setting, or the server's default named with its days. */
function RawRetentionValue({ days }: { days: number | null }) {
  const { t } = useTranslation();
  const defaults = useRawRetentionDefaults();
  if (days !== null) return <>{t("entities-admin.rawRetentionDays", { days })}</>;
  return <>{t("entities-admin.rawRetentionDefault", { days: defaults.data?.default_days ?? "…" })}</>;
}

function EditForm({ entity, onDone }: { entity: Entity; onDone: () => void }) {
  const { t } = useTranslation();
  const msg = useMessage();
  const notify = useNotify();
  const cache = useEntityCache();
  const defaults = useRawRetentionDefaults().data;
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<UpdateEntityBody>({
    resolver: zodResolver(updateEntityBodySchema),
    defaultValues: toForm(entity),
  });
  const {
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = async (body: UpdateEntityBody) => {
    setFailure(null);
    try {
      const saved = await entityEndpoints.updateEntity(entity.workspace_name, body);
      cache.saved(saved);
      void cache.listChanged();
      notify(msg("saved"), "success");
      onDone();
    } catch (err) {
      setFailure(err);
      notify(msg("failed-saving"), "error");
    }
  };

  const helper = fieldHelper(errors, msg);

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <FailureAlert failure={failure} />
      <TextField label={t("entities-admin.entityId")} value={entity.workspace_name} disabled />
      <EntityFields form={form} helper={helper}>
        <Controller
          control={control}
          name="notification_setting_status"
          render={({ field }) => (
            <TextField
              select
              label={t("entities-admin.notificationLock")}
              {...field}
              inputRef={field.ref}
              helperText={t("entities-admin.lockHelp")}
            >
              <MenuItem value="unlocked">{t("entities-admin.unlocked")}</MenuItem>
              <MenuItem value="locked">{t("entities-admin.locked")}</MenuItem>
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="raw_retention_days"
          render={({ field }) => (
            <TextField
              label={t("entities-admin.rawRetentionField")}
              type="number"
              name={field.name}
              value={field.value ?? ""}
              onChange={(e) => field.onChange(e.target.value === "" ? null : Number(e.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              slotProps={{ htmlInput: { min: defaults?.min_days, max: defaults?.max_days, step: 1 } }}
              error={!!errors.raw_retention_days}
              helperText={
                helper("raw_retention_days") ??
                (defaults
                  ? t("entities-admin.rawRetentionHelp", {
                      min: defaults.min_days,
                      max: defaults.max_days,
                      days: defaults.default_days,
                    })
                  : undefined)
              }
            />
          )}
        />
      </EntityFields>
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", mt: 2 }}>
        <Button onClick={onDone} disabled={isSubmitting}>
          {t("ui.actions.cancel")}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t("ui.actions.save")}
        </Button>
      </Stack>
    </Box>
  );
}
