import {
  DATA_LIMITS,
  DATA_TYPES,
  type DataItemType,
  FORM_LIMITS,
  isChoiceType,
  QUESTION_TYPE_IDS,
  QUESTION_TYPE_NAMES,
} from "@mimamori/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client";
import { useSaveDataType } from "../../../api/data-items";
import { useNotify } from "../../../components/Notifier";
import { RequiredNote } from "../../../components/RequiredNote";
import { ResponsiveDialog } from "../../../components/ResponsiveDialog";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { bodyOf, draftOf, draftProblems, newOption, type TypeDraft } from "./typeDraft";

/** Two fields side by side from `sm` up (a grid: MUI Stack would drop the fields' own margins). */
const pairSx = { display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 } as const;
const optionSx = {
  display: "grid",
  gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr auto" },
  columnGap: 2,
  alignItems: "start",
} as const;

interface Props {
  open: boolean;
  /** The type to edit; null adds one. */
  type: DataItemType | null;
  onClose: () => void;
}

/** Adds or edits an item type: key, kind, names and descriptions in jp and en, and a form_data item's question. */
export function DataTypeDialog({ open, type, onClose }: Props) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const id = useId();
  const save = useSaveDataType();
  const [draft, setDraft] = useState<TypeDraft>(() => draftOf(type));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(type));
    setProblems({});
    setFailure(null);
  }, [open, type]);

  /** Changes a field; after a refused submit the problems follow the edits, so a fixed field loses its message. */
  const set = <K extends keyof TypeDraft>(field: K, value: TypeDraft[K]) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (Object.keys(problems).length) setProblems(draftProblems(next));
  };
  const inUse = (type?.items ?? 0) > 0;
  const form = draft.data_type === "form_data";
  const choice = draft.question_type !== "" && isChoiceType(draft.question_type);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = draftProblems(draft);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    try {
      await save.mutateAsync({ id: type?.id ?? null, body: bodyOf(draft) });
      notify(t("admin-data-types.saved"), "success");
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.field && document.getElementById(`${id}-${err.field}`)) {
        setProblems({ [err.field]: err.code });
        document.getElementById(`${id}-${err.field}`)?.focus();
      } else setFailure(err);
    }
  };

  /** The props of a text field bound to `field` of the draft, its problem under it. */
  const text = (
    field: "key" | "name_jp" | "name_en" | "description_jp" | "description_en",
    problemKey = field,
  ) => ({
    id: `${id}-${problemKey}`,
    value: draft[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    error: !!problems[problemKey],
    helperText: problems[problemKey] ? msg(problems[problemKey]) : undefined,
  });
  const questionField = (field: "question_jp" | "question_en", problemKey: string) => ({
    id: `${id}-${problemKey}`,
    value: draft[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    error: !!problems[problemKey],
    helperText: problems[problemKey] ? msg(problems[problemKey]) : undefined,
  });
  const setOption = (index: number, field: "text_jp" | "text_en", value: string) =>
    set(
      "options",
      draft.options.map((o, i) => (i === index ? { ...o, [field]: value } : o)),
    );

  return (
    <ResponsiveDialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      title={t(type ? "admin-data-types.editTitle" : "admin-data-types.addTitle")}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent>
          <RequiredNote failure={failure} />
          <Box sx={pairSx}>
            <TextField
              {...text("key")}
              label={t("admin-data-types.key")}
              required
              autoComplete="off"
              helperText={problems.key ? msg(problems.key) : t("admin-data-types.keyHint")}
              slotProps={{
                htmlInput: { maxLength: DATA_LIMITS.keyMax, spellCheck: false, autoCapitalize: "none" },
              }}
            />
            <TextField
              select
              id={`${id}-data_type`}
              label={t("admin-data-types.dataType")}
              required
              value={draft.data_type}
              onChange={(e) => set("data_type", e.target.value as TypeDraft["data_type"])}
              disabled={inUse}
              error={!!problems.data_type}
              helperText={
                problems.data_type
                  ? msg(problems.data_type)
                  : inUse
                    ? t("admin-data-types.inUse", { count: type?.items ?? 0 })
                    : undefined
              }
            >
              {DATA_TYPES.map((d) => (
                <MenuItem key={d} value={d}>
                  {t(`admin-data-types.kind.${d}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box sx={pairSx}>
            <TextField
              {...text("name_jp")}
              label={t("admin-data-types.nameJp")}
              required
              slotProps={{ htmlInput: { maxLength: DATA_LIMITS.nameMax, lang: "ja" } }}
            />
            <TextField
              {...text("name_en")}
              label={t("admin-data-types.nameEn")}
              required
              slotProps={{ htmlInput: { maxLength: DATA_LIMITS.nameMax, lang: "en" } }}
            />
          </Box>
          <Box sx={pairSx}>
            <TextField
              {...text("description_jp")}
              label={t("admin-data-types.descriptionJp")}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: DATA_LIMITS.descriptionMax, lang: "ja" } }}
            />
            <TextField
              {...text("description_en")}
              label={t("admin-data-types.descriptionEn")}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: DATA_LIMITS.descriptionMax, lang: "en" } }}
            />
          </Box>
          {form && (
            <Box
              component="fieldset"
              sx={{
                border: 1,
                borderColor: "divider",
                borderRadius: 2,
                px: 2,
                pb: 2,
                pt: 1,
                mt: 2,
                minWidth: 0,
              }}
            >
              <Typography component="legend" sx={{ px: 0.5, fontWeight: 600 }}>
                {t("admin-data-types.questionSection")}
              </Typography>
              <Box sx={pairSx}>
                <TextField
                  {...questionField("question_jp", "question.text_jp")}
                  label={t("admin-data-types.questionJp")}
                  required
                  multiline
                  slotProps={{ htmlInput: { maxLength: FORM_LIMITS.questionTextMax, lang: "ja" } }}
                />
                <TextField
                  {...questionField("question_en", "question.text_en")}
                  label={t("admin-data-types.questionEn")}
                  required
                  multiline
                  slotProps={{ htmlInput: { maxLength: FORM_LIMITS.questionTextMax, lang: "en" } }}
                />
              </Box>
              <TextField
                select
                id={`${id}-question.question_type`}
                label={t("admin-data-types.questionType")}
                required
                value={draft.question_type}
                onChange={(e) => set("question_type", Number(e.target.value))}
                error={!!problems["question.question_type"]}
                helperText={
                  problems["question.question_type"] ? msg(problems["question.question_type"]) : undefined
                }
                sx={{ minWidth: { sm: 320 } }}
              >
                {QUESTION_TYPE_IDS.map((q) => (
                  <MenuItem key={q} value={q}>
                    {QUESTION_TYPE_NAMES[q][language]}
                  </MenuItem>
                ))}
              </TextField>
              {choice && (
                <Box sx={{ mt: 2 }}>
                  <Typography sx={{ fontWeight: 600 }} id={`${id}-options-label`}>
                    {t("admin-data-types.options")}
                  </Typography>
                  {draft.options.map((o, i) => (
                    <Box key={o.key} sx={optionSx}>
                      <TextField
                        id={`${id}-question.options.${i}.text_jp`}
                        label={t("admin-data-types.optionJp", { n: i + 1 })}
                        required
                        value={o.text_jp}
                        onChange={(e) => setOption(i, "text_jp", e.target.value)}
                        error={!!problems[`question.options.${i}.text_jp`]}
                        helperText={
                          problems[`question.options.${i}.text_jp`]
                            ? msg(problems[`question.options.${i}.text_jp`] ?? "")
                            : undefined
                        }
                        slotProps={{ htmlInput: { maxLength: FORM_LIMITS.optionTextMax, lang: "ja" } }}
                      />
                      <TextField
                        id={`${id}-question.options.${i}.text_en`}
                        label={t("admin-data-types.optionEn", { n: i + 1 })}
                        required
                        value={o.text_en}
                        onChange={(e) => setOption(i, "text_en", e.target.value)}
                        error={!!problems[`question.options.${i}.text_en`]}
                        helperText={
                          problems[`question.options.${i}.text_en`]
                            ? msg(problems[`question.options.${i}.text_en`] ?? "")
                            : undefined
                        }
                        slotProps={{ htmlInput: { maxLength: FORM_LIMITS.optionTextMax, lang: "en" } }}
                      />
                      <IconButton
                        aria-label={t("admin-data-types.removeOption", { n: i + 1 })}
                        onClick={() =>
                          set(
                            "options",
                            draft.options.filter((_, j) => j !== i),
                          )
                        }
                        sx={{ mt: { xs: 0, sm: 3 }, justifySelf: "end" }}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </Box>
                  ))}
                  <Button
                    id={`${id}-question.options`}
                    startIcon={<AddIcon />}
                    onClick={() => set("options", [...draft.options, newOption()])}
                    disabled={draft.options.length >= FORM_LIMITS.optionsMax}
                    sx={{ mt: 1 }}
                  >
                    {t("admin-data-types.addOption")}
                  </Button>
                  <FormHelperText error={!!problems["question.options"]}>
                    {problems["question.options"]
                      ? msg(problems["question.options"])
                      : t("admin-data-types.optionsHint")}
                  </FormHelperText>
                </Box>
              )}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t("ui.actions.cancel")}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t(type ? "admin-data-types.save" : "admin-data-types.create")}
          </Button>
        </DialogActions>
      </Box>
    </ResponsiveDialog>
  );
}
