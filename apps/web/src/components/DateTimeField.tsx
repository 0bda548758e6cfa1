import TextField, { type TextFieldProps } from "@mui/material/TextField";

export type DateTimeFieldProps = Omit<TextFieldProps, "type" | "value" | "onChange" | "slotProps"> & {
  /** The input's own value, `YYYY-MM-DDTHH:mm` in the viewer's zone ("" while empty). */
  value: string;
  onChange(value: string): void;
  /** The picker's step in seconds: 600 where windows are counted in 10-minute buckets. */
  step: number;
};

/**
 * A required date-and-time field of a period form (the browser's own picker), its label kept raised over the
 * input's placeholder. Every period form uses it, so they look and behave alike.
 */
export function DateTimeField({ value, onChange, step, required = true, ...field }: DateTimeFieldProps) {
  return (
    <TextField
      {...field}
      type="datetime-local"
      required={required}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step } }}
    />
  );
}
