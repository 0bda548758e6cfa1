import { LANGUAGES, type Language, type UserRowInput } from "@mimamori/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textField } from "../../../../components/form";
import { useMessage } from "../../../../i18n/useLanguage";

type Values = { rows: UserRowInput[] };

/** Manual entry: name, e-mail and language per row (spec §5: name and email required). */
export function ManualRowsForm({
  formId,
  initial,
  defaultLanguage,
  onSubmit,
}: {
  formId: string;
  initial: UserRowInput[];
  defaultLanguage: Language;
  onSubmit: (rows: UserRowInput[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const msg = useMessage();
  const empty = (): UserRowInput => ({ name: "", email: "", language: defaultLanguage });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { rows: initial.length ? initial : [empty()] } });
  const { fields, append, remove } = useFieldArray({ control, name: "rows" });
  const required = { validate: (v: string) => v.trim().length > 0 || "required" };

  return (
    <Box component="form" id={formId} noValidate onSubmit={handleSubmit((v) => onSubmit(v.rows))}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t("entities-staff-users.manualIntro")}
      </Typography>
      {fields.map((field, i) => {
        const err = errors.rows?.[i];
        return (
          <Box
            key={field.id}
            role="group"
            aria-label={t("entities-staff-users.rowLabel", { n: i + 1 })}
            sx={{
              display: "grid",
              gridTemplateColumns: { xs: "1fr auto", sm: "1fr 1.4fr 130px auto" },
              columnGap: 1,
              alignItems: "start",
              borderBottom: { xs: 1, sm: 0 },
              borderColor: "divider",
              pb: { xs: 1, sm: 0 },
            }}
          >
            <TextField
              {...textField(register(`rows.${i}.name`, required))}
              label={t("entities-staff-users.name")}
              required
              size="small"
              error={!!err?.name}
              helperText={err?.name?.message ? msg(err.name.message) : undefined}
              sx={{ gridColumn: { xs: "1 / 2", sm: "auto" } }}
            />
            <TextField
              {...textField(register(`rows.${i}.email`, required))}
              label={t("entities-staff-users.email")}
              type="email"
              required
              size="small"
              autoComplete="off"
              error={!!err?.email}
              helperText={err?.email?.message ? msg(err.email.message) : undefined}
              sx={{ gridColumn: { xs: "1 / 2", sm: "auto" }, gridRow: { xs: 2, sm: "auto" } }}
            />
            <Controller
              control={control}
              name={`rows.${i}.language`}
              render={({ field: f }) => (
                <TextField
                  select
                  size="small"
                  label={t("entities-staff-users.language")}
                  {...f}
                  inputRef={f.ref}
                  sx={{ gridColumn: { xs: "1 / 2", sm: "auto" }, gridRow: { xs: 3, sm: "auto" } }}
                >
                  {LANGUAGES.map((l) => (
                    <MenuItem key={l} value={l}>
                      {t(`language.${l}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <IconButton
              aria-label={t("entities-staff-users.removeRow", { n: i + 1 })}
              onClick={() => remove(i)}
              disabled={fields.length === 1}
              sx={{
                mt: 2,
                gridColumn: { xs: 2, sm: "auto" },
                gridRow: { xs: "1 / 4", sm: "auto" },
                alignSelf: "center",
              }}
            >
              <DeleteOutlined />
            </IconButton>
          </Box>
        );
      })}
      <Button startIcon={<AddIcon />} onClick={() => append(empty())} sx={{ mt: 1 }}>
        {t("entities-staff-users.addRow")}
      </Button>
    </Box>
  );
}
