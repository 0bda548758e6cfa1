import TextField, { type TextFieldProps } from "@mui/material/TextField";

type SearchFieldProps = Omit<TextFieldProps, "type" | "value" | "onChange"> & {
  value: string;
  onChange(query: string): void;
};

/** A small search box narrowing a list on the page; the browser's remembered entries would only hide the list. */
export function SearchField({ value, onChange, ...field }: SearchFieldProps) {
  return (
    <TextField
      {...field}
      type="search"
      size="small"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
