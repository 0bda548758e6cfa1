import type { ReportInterval } from "@mimamori/shared";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { WindowQuery } from "../../../api/reports";
import { defaultWindow, type ReportWindow, windowEnd, windowFromParams } from "./window";

export const ALL_INTERVALS: readonly ReportInterval[] = ["hourly", "daily", "weekly", "monthly", "yearly"];

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The report window of a chart page, kept in the URL (`start`, `interval`) so that a reload or a shared link
 * shows the same period; §4 defaults otherwise. Other query parameters (workspace, name, …) are kept.
 * Days, hours and the `timezone` of the query are on the clock of `timezone` (docs/decisions.md "Times"): the
 * entity's for its staff (`useEntityTimeZone`), the device's for a client (`browserTimezone`).
 */
export function useReportWindow(reportId: string, timezone: string, options: { mobile?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const now = nowSeconds();
  const fallback = defaultWindow(reportId, now, timezone, options);
  const win = windowFromParams(params, fallback, ALL_INTERVALS, now, timezone);
  const { start, interval } = win;
  const query: WindowQuery = useMemo(
    () => ({ start_time: start, end_time: windowEnd(start, interval, timezone), interval, timezone }),
    [start, interval, timezone],
  );
  const setWindow = useCallback(
    (w: ReportWindow) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set("start", String(w.start));
          next.set("interval", w.interval);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { win, setWindow, query, timezone };
}
