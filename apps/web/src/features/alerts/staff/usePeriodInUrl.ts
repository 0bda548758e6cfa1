import type { NotificationWindowQuery } from "@mimamori/shared";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useEntityTimeZone } from "../../../app/session/workspace";
import { nowSeconds } from "../../reports/common/useReportWindow";
import { periodFromParams } from "./alerts";

/**
 * The period of the notifications pages, kept in the URL (`start`, `end` in epoch seconds) so that coming back
 * from a chart, a reload or a shared link shows the same search; the default is read once per visit. Days and
 * picked date-times are on the entity's clock (`timezone`); both are null until the entity's zone is known.
 */
export function usePeriodInUrl() {
  const timezone = useEntityTimeZone();
  const [now] = useState(nowSeconds);
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const period = useMemo(
    () => (timezone ? periodFromParams(new URLSearchParams(search), now, timezone) : null),
    [search, now, timezone],
  );
  const setPeriod = (p: NotificationWindowQuery) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set("start", String(p.start_time));
        next.set("end", String(p.end_time));
        return next;
      },
      { replace: true },
    );
  return { period, setPeriod, timezone, now };
}
