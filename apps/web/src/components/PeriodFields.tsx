import Grid from "@mui/material/Grid";
import { useMessage } from "../i18n/useLanguage";
import { DateTimeField } from "./DateTimeField";

type End = "from" | "to";

export interface PeriodFieldsProps {
  labels: Record<End, string>;
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  /** Message codes (`periodErrors`), shown in the reader's language. */
  errors: Partial<Record<End, string>>;
  hints?: Partial<Record<End, string>>;
  disabled?: boolean;
  step: number;
  row?: boolean;
}

/**
 * The start and end of a period form (a download's or a search's), as `DateTimeField`s: each shows its error
 * (a message code, in the reader's language) or else its hint, e.g. the zone the times are on. `row` puts them
 * side by side from `sm` up (a grid of two columns); otherwise they stand one under the other.
 */
export function PeriodFields({
  labels,
  from,
  to,
  onFrom,
  onTo,
  errors,
  hints = {},
  disabled,
  step,
  row = false,
}: PeriodFieldsProps) {
  const msg = useMessage();
  const field = (end: End) => {
    const error = errors[end];
    return (
      <DateTimeField
        label={labels[end]}
        value={end === "from" ? from : to}
        onChange={end === "from" ? onFrom : onTo}
        error={!!error}
        helperText={error ? msg(error) : hints[end]}
        disabled={disabled}
        step={step}
      />
    );
  };
  if (!row)
    return (
      <>
        {field("from")}
        {field("to")}
      </>
    );
  return (
    <Grid container columnSpacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>{field("from")}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{field("to")}</Grid>
    </Grid>
  );
}
