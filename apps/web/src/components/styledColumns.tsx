import Chip, { type ChipProps } from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import type { Column } from "./DataTable";

/** A column that names a row's state (a kind, a status) with a small outlined chip and sorts by the state. */
export function chipColumn<T, S extends string>(
  id: string,
  label: string,
  state: (row: T) => S,
  chip: (state: S) => { label: string; color?: ChipProps["color"] },
): Column<T> {
  return {
    id,
    label,
    sortValue: state,
    render: (row) => <Chip size="small" variant="outlined" {...chip(state(row))} />,
  };
}

/** A column of a name written for machines (a key, a template), in a fixed-width font, sorted by it. */
export function codeColumn<T>(id: string, label: string, code: (row: T) => string): Column<T> {
  return {
    id,
    label,
    sortValue: code,
    render: (row) => (
      <Typography component="code" variant="body2" sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>
        {code(row)}
      </Typography>
    ),
  };
}
