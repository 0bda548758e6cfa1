import { FORM_LIMITS, type FormQuestion, QUESTION_TYPE } from "@mimamori/shared";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n/useLanguage";
import {
  type Draft,
  displayValue,
  formatDateValue,
  isIsoDate,
  joinDateTime,
  parseTimeInput,
  splitDateTime,
  toggleOption,
} from "./answerValues";

interface Props {
  /** Prefix of the element ids of this question (unique in the page). */
  id: string;
  number: number;
  question: FormQuestion;
  draft: Draft;
  /** Inputs are disabled and show the stored answer. */
  readOnly: boolean;
  /** The text of the question's problem (required, not a number …), or null. */
  error: string | null;
  onChange: (draft: Draft) => void;
  onBlur: () => void;
}

/** FORM-45: Enter in a one-line answer field neither submits the form nor does anything else. */
function suppressEnter(e: KeyboardEvent) {
  if (e.key === "Enter" && !e.nativeEvent.isComposing) e.preventDefault();
}

/** Disabled read-only fields keep the normal text colour: the answer is there to be read. */
const readableWhenDisabled = {
  "& .MuiInputBase-input.Mui-disabled": { WebkitTextFillColor: "inherit", color: "text.primary" },
} as const;

const labelSx = { mb: 1, color: "text.primary", fontWeight: 500, overflowWrap: "anywhere" } as const;

/**
 * One question of a form, rendered by its type (QUESTION_TYPE: the server's reading, docs/decisions.md). Every
 * type has the same frame: the numbered question text as its label (a legend for choice and date-time
 * questions), a hint where the format matters, the input(s), and the problem under them, which the inputs name
 * with aria-describedby.
 */
export function QuestionField({ id, number, question: q, draft, readOnly, error, onChange, onBlur }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const type = q.question_type_id;
  const label = `${number}. ${q.text}`;
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = error !== null;
  const setValue = (value: string) => onChange({ ...draft, value });

  const hint = readOnly
    ? null
    : type === QUESTION_TYPE.number
      ? t("forms-common.numberHint")
      : type === QUESTION_TYPE.time || type === QUESTION_TYPE.datetime
        ? t("forms-common.timeHint")
        : null;
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;

  const hintLine = hint && (
    <FormHelperText id={hintId} sx={{ mx: 0, mt: -0.5, mb: 1 }} error={false}>
      {hint}
    </FormHelperText>
  );
  const errorLine = invalid && (
    <FormHelperText id={errorId} sx={{ mx: 0 }}>
      {error}
    </FormHelperText>
  );
  /** The chosen date in the UI language under a date input (the browser's own picker follows its locale). */
  const dateEcho = (date: string) =>
    !readOnly && isIsoDate(date) ? (
      <FormHelperText sx={{ mx: 0 }} error={false}>
        {formatDateValue(date, language)}
      </FormHelperText>
    ) : null;

  if (type === QUESTION_TYPE.single || type === QUESTION_TYPE.multiple) {
    const single = type === QUESTION_TYPE.single;
    const options = [...q.question_options].sort((a, b) => a.order - b.order);
    const controls = options.map((o) => (
      <FormControlLabel
        key={o.order}
        value={String(o.order)}
        label={o.text}
        disabled={readOnly}
        control={
          single ? (
            <Radio />
          ) : (
            <Checkbox
              checked={draft.options.includes(o.order)}
              onChange={(e) =>
                onChange({ ...draft, options: toggleOption(draft.options, o.order, e.target.checked) })
              }
            />
          )
        }
        sx={{
          alignItems: "flex-start",
          mr: 0,
          "& .MuiFormControlLabel-label": { pt: 1, overflowWrap: "anywhere" },
          "& .MuiFormControlLabel-label.Mui-disabled": { color: "text.primary" },
        }}
      />
    ));
    return (
      <FormControl
        component="fieldset"
        error={invalid}
        required={q.is_required && !readOnly}
        onBlur={onBlur}
        fullWidth
      >
        <FormLabel component="legend" id={`${id}-label`} sx={labelSx}>
          {label}
        </FormLabel>
        {single ? (
          <RadioGroup
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy}
            aria-required={(q.is_required && !readOnly) || undefined}
            aria-invalid={invalid || undefined}
            value={draft.options[0] !== undefined ? String(draft.options[0]) : ""}
            onChange={(_, v) => onChange({ ...draft, options: [Number(v)] })}
          >
            {controls}
          </RadioGroup>
        ) : (
          <FormGroup aria-describedby={describedBy}>{controls}</FormGroup>
        )}
        {readOnly && draft.options.length === 0 && (
          <FormHelperText sx={{ mx: 0 }}>{t("forms-common.noAnswer")}</FormHelperText>
        )}
        {errorLine}
      </FormControl>
    );
  }

  if (readOnly) {
    const shown = displayValue(q, draft.value || null, language);
    return (
      <FormControl fullWidth>
        <FormLabel htmlFor={inputId} sx={labelSx}>
          {label}
        </FormLabel>
        <TextField
          margin="none"
          id={inputId}
          value={shown || t("forms-common.noAnswer")}
          disabled
          fullWidth
          multiline={type === QUESTION_TYPE.text}
          sx={readableWhenDisabled}
        />
      </FormControl>
    );
  }

  /** An HH:mm box: the time question's (labelled by the question) or the time part of a date and time. */
  const timeInput = (fieldId: string, value: string, onValue: (v: string) => void, fieldLabel?: string) => (
    <TextField
      margin="none"
      id={fieldId}
      label={fieldLabel}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      onBlur={() => {
        // "9:05", "905" become "09:05" once the member leaves the field
        const normal = parseTimeInput(value);
        if (normal && normal !== value) onValue(normal);
      }}
      onKeyDown={suppressEnter}
      placeholder="HH:mm"
      error={invalid}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          inputMode: "numeric",
          autoComplete: "off",
          maxLength: 5,
          required: q.is_required,
          "aria-describedby": describedBy,
        },
      }}
      sx={{ width: { xs: "100%", sm: 180 } }}
    />
  );

  if (type === QUESTION_TYPE.datetime) {
    const { date, time } = splitDateTime(draft.value);
    return (
      <FormControl component="fieldset" error={invalid} required={q.is_required} onBlur={onBlur} fullWidth>
        <FormLabel component="legend" sx={labelSx}>
          {label}
        </FormLabel>
        {hintLine}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            margin="none"
            id={inputId}
            type="date"
            label={t("forms-common.date")}
            value={date}
            onChange={(e) => setValue(joinDateTime(e.target.value, time))}
            onKeyDown={suppressEnter}
            error={invalid}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { required: q.is_required, "aria-describedby": describedBy },
            }}
            sx={{ width: { xs: "100%", sm: 220 } }}
          />
          {timeInput(`${id}-time`, time, (v) => setValue(joinDateTime(date, v)), t("forms-common.time"))}
        </Stack>
        {dateEcho(date)}
        {errorLine}
      </FormControl>
    );
  }

  const isDate = type === QUESTION_TYPE.date;
  const isNumber = type === QUESTION_TYPE.number;
  return (
    <FormControl fullWidth error={invalid} required={q.is_required} onBlur={onBlur}>
      <FormLabel htmlFor={inputId} sx={labelSx}>
        {label}
      </FormLabel>
      {hintLine}
      {type === QUESTION_TYPE.time ? (
        timeInput(inputId, draft.value, setValue)
      ) : (
        <TextField
          margin="none"
          id={inputId}
          type={isDate ? "date" : "text"}
          value={draft.value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={suppressEnter}
          error={invalid}
          fullWidth={!isDate}
          slotProps={{
            htmlInput: {
              maxLength: isDate ? undefined : FORM_LIMITS.answerTextMax,
              inputMode: isNumber ? "decimal" : undefined,
              autoComplete: "off",
              required: q.is_required,
              "aria-describedby": describedBy,
            },
          }}
          sx={isDate ? { width: { xs: "100%", sm: 220 } } : undefined}
        />
      )}
      {isDate && dateEcho(draft.value)}
      {errorLine}
    </FormControl>
  );
}
