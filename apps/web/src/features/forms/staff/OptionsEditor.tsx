import { FORM_LIMITS, QUESTION_TYPE } from "@mimamori/shared";
import AddIcon from "@mui/icons-material/Add";
import CheckBoxOutlineBlank from "@mui/icons-material/CheckBoxOutlineBlank";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "../../../i18n/useLanguage";
import { canAddOption, type DraftOption, type DraftQuestion, newOption } from "./draft";
import { useFieldIssue } from "./useFieldIssue";
import type { Issues } from "./validation";

interface Props {
  question: DraftQuestion;
  number: number;
  /** The question's options as last saved (their orders stay taken until the save). */
  savedOrders: readonly { order: number }[];
  issues: Issues;
  disabled: boolean;
  onChange: (options: DraftOption[]) => void;
}

/**
 * The answer options of a choice question (FORM-21): one row added at a time (the add button waits while a row
 * is empty), a new row's order is the max order + 1, every text required (FORM-23, docs/decisions.md).
 */
export function OptionsEditor({ question, number, savedOrders, issues, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const msg = useMessage();
  const fieldIssue = useFieldIssue();
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const { options } = question;
  const addable = canAddOption(options, FORM_LIMITS.optionsMax);
  const Marker =
    question.question_type === QUESTION_TYPE.multiple ? CheckBoxOutlineBlank : RadioButtonUnchecked;
  const listError = issues[`question:${question.key}:options`];

  const add = () => {
    if (!addable) return;
    const option = newOption(options, savedOrders);
    setFocusKey(option.key);
    onChange([...options, option]);
  };

  /** Deletes option `index`; the focus goes to the option now in its place, else the one before, else Add. */
  const remove = (index: number) => {
    const rest = options.filter((_, i) => i !== index);
    onChange(rest);
    const next = rest[Math.min(index, rest.length - 1)];
    requestAnimationFrame(() => {
      const target = next
        ? fieldset.current?.querySelector<HTMLElement>(`[data-option-key="${next.key}"] input`)
        : fieldset.current?.querySelector<HTMLElement>("[data-add-option]");
      target?.focus();
    });
  };

  return (
    <Box component="fieldset" ref={fieldset} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {t("forms-staff.options.legend", { number })}
      </Typography>
      <Stack spacing={0.5}>
        {options.map((o, i) => {
          const error = issues[`option:${o.key}`];
          return (
            // a plain flex row: a Stack would reset its children's margins, which align the marker with the field
            <Box
              key={o.key}
              data-option-key={o.key}
              sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}
            >
              <Marker color="action" sx={{ mt: 2, flexShrink: 0 }} aria-hidden />
              <TextField
                label={t("forms-staff.options.text", { number: i + 1 })}
                value={o.text}
                required
                size="small"
                margin="dense"
                disabled={disabled}
                autoFocus={o.key === focusKey}
                {...fieldIssue(error)}
                onChange={(e) =>
                  onChange(options.map((x) => (x.key === o.key ? { ...x, text: e.target.value } : x)))
                }
                onKeyDown={(e) => {
                  // Enter adds the next row (when allowed) instead of doing nothing
                  if (e.key === "Enter" && !e.nativeEvent.isComposing) {
                    e.preventDefault();
                    add();
                  }
                }}
                slotProps={{ htmlInput: { maxLength: FORM_LIMITS.optionTextMax } }}
              />
              {!disabled && (
                <Tooltip title={t("forms-staff.options.delete")}>
                  <IconButton
                    aria-label={t("forms-staff.options.deleteOf", { number: i + 1, text: o.text })}
                    onClick={() => remove(i)}
                    sx={{ mt: 1 }}
                  >
                    <DeleteOutlined />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          );
        })}
      </Stack>
      {listError && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
          {msg(listError)}
        </Typography>
      )}
      {!disabled && (
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={add}
          disabled={!addable}
          data-add-option
          sx={{ mt: 0.5 }}
        >
          {t("forms-staff.options.add")}
        </Button>
      )}
      {!disabled && !addable && options.length < FORM_LIMITS.optionsMax && (
        <Typography variant="caption" color="text.secondary" component="p">
          {t("forms-staff.options.fillFirst")}
        </Typography>
      )}
    </Box>
  );
}
