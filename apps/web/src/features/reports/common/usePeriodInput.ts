import type { WindowLimitDays } from "@mimamori/shared";
import { useCallback, useState } from "react";
import { fromDateTimeInput, periodErrors, toDateTimeInput } from "./window";

export interface PeriodInput {
  /** The inputs' values, `YYYY-MM-DDTHH:mm` on `zone`'s clock. */
  from: string;
  to: string;
  setFrom: (value: string) => void;
  setTo: (value: string) => void;
  /** The message codes shown under the fields since the last `check`. */
  errors: { from?: string; to?: string };
  /** The period in epoch seconds, or null with the fields' errors shown (`periodErrors`: required, order, limit). */
  check: (maxDays: WindowLimitDays) => { start: number; end: number } | null;
  /** Puts a period (epoch seconds) in the fields and clears their errors. */
  reset: (start: number, end: number) => void;
}

/** The start and end inputs of a download's period on `zone`'s clock (shown with `CsvPeriodFields`). */
export function usePeriodInput(zone: string, initial?: { start: number; end: number }): PeriodInput {
  const [from, setFrom] = useState(() => (initial ? toDateTimeInput(initial.start, zone) : ""));
  const [to, setTo] = useState(() => (initial ? toDateTimeInput(initial.end, zone) : ""));
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const check = (maxDays: WindowLimitDays) => {
    const start = fromDateTimeInput(from, zone);
    const end = fromDateTimeInput(to, zone);
    const errs = periodErrors(start, end, maxDays);
    setErrors(errs);
    return start === null || end === null || errs.from || errs.to ? null : { start, end };
  };
  const reset = useCallback(
    (start: number, end: number) => {
      setFrom(toDateTimeInput(start, zone));
      setTo(toDateTimeInput(end, zone));
      setErrors({});
    },
    [zone],
  );
  return { from, to, setFrom, setTo, errors, check, reset };
}
