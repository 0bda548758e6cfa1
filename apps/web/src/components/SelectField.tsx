import MenuItem from "@mui/material/MenuItem";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import type { ReactNode } from "react";

type SelectFieldProps<V extends string> = Omit<
  TextFieldProps,
  "select" | "value" | "onChange" | "children"
> & {
  value: V;
  onChange(value: NoInfer<V>): void;
  /** The choices, in the order the menu lists them. */
  options: readonly V[];
  optionLabel(option: NoInfer<V>): ReactNode;
};

/** A TextField choosing one of a fixed list of string values, each shown by `optionLabel`. */
export function SelectField<V extends string>({
  value,
  onChange,
  options,
  optionLabel,
  ...field
}: SelectFieldProps<V>) {
  return (
    <TextField {...field} select value={value} onChange={(e) => onChange(e.target.value as V)}>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {optionLabel(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}
