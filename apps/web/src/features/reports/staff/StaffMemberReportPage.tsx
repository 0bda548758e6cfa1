import { isReportId } from "@mimamori/shared";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { useStaffMember } from "../../../api/entities";
import { reportEndpoints, useMemberReport } from "../../../api/reports";
import { useWithoutPersonalParams } from "../../../app/memberLinks";
import {
  staffPath,
  useEntityRawRetentionDays,
  useEntityTimeZone,
  useWorkspace,
} from "../../../app/session/workspace";
import { PageLoader } from "../../../components/PageLoader";
import { usePageTitle } from "../../../components/usePageTitle";
import { useLanguage } from "../../../i18n/useLanguage";
import { CsvDialog } from "../common/CsvDialog";
import { measureName } from "../common/measures";
import { CsvButton, ReportChartCard, ReportPage } from "../common/ReportPage";
import { useReportWindow } from "../common/useReportWindow";
import { windowEnd } from "../common/window";
import { atOf, windowAt } from "./windowAt";

/**
 * /staff/reports/{reportId}/{uid}[?at]: one member's graph with filter, interval, paging and CSV; `at` (epoch
 * seconds, from an alert) opens the daily window around that time. The URL carries ids only: the member's name
 * and e-mail come from the API (the spec's `?name&email` of older links are ignored and taken out of the
 * address). Days, hours, the pickers and the CSV are on the entity's clock (docs/decisions.md "Times"): the
 * chart waits for the entity's zone.
 */
export function StaffMemberReportPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { reportId = "", uid = "" } = useParams();
  const { workspace } = useWorkspace(true);
  const zone = useEntityTimeZone();
  const known = isReportId(reportId);
  const report = measureName(reportId, language);
  useWithoutPersonalParams();
  const person = useStaffMember(workspace, uid);
  const name = person.data?.name || t("reports-common.staff.member");
  const email = person.data?.email ?? "";
  const [csv, setCsv] = useState(false);
  usePageTitle(`${name} – ${report}`);

  return (
    <ReportPage
      links={[
        { href: staffPath("/staff/reports", workspace), label: t("reports-common.title") },
        { href: staffPath(`/staff/reports/${reportId}`, workspace), label: report },
      ]}
      current={name}
      title={person.isLoading ? <Skeleton width="12em" /> : name}
      titleBusy={person.isLoading}
      subtitle={
        <Typography color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {email ? `${report} · ${email}` : report}
        </Typography>
      }
      action={known && <CsvButton onClick={() => setCsv(true)} disabled={!zone} />}
      known={known}
    >
      {zone && workspace ? (
        <MemberChart
          workspace={workspace}
          reportId={reportId}
          uid={uid}
          timezone={zone}
          csv={{ open: csv, onClose: () => setCsv(false) }}
        />
      ) : (
        <PageLoader minHeight={300} />
      )}
    </ReportPage>
  );
}

/** The chart and CSV dialog of one member, on the entity's clock (`timezone`). */
function MemberChart({
  workspace,
  reportId,
  uid,
  timezone,
  csv,
}: {
  workspace: string;
  reportId: string;
  uid: string;
  timezone: string;
  /** The CSV dialog: open or not, and how it closes. */
  csv: { open: boolean; onClose: () => void };
}) {
  const [params] = useSearchParams();
  const rawKeptDays = useEntityRawRetentionDays();
  const chosen = useReportWindow(reportId, timezone);
  const { setWindow } = chosen;
  // an alert's link (`at`) opens the window around that time until a window is chosen on the page
  const at = params.has("interval") ? null : atOf(params.get("at"));
  const win = at === null ? chosen.win : windowAt(at, timezone);
  const query = useMemo(
    () =>
      at === null
        ? chosen.query
        : {
            start_time: win.start,
            end_time: windowEnd(win.start, win.interval, timezone),
            interval: win.interval,
            timezone,
          },
    [at, chosen.query, win.start, win.interval, timezone],
  );
  const chart = useMemberReport(workspace, reportId, uid, query);

  return (
    <>
      <ReportChartCard
        query={chart}
        controls={{ value: win, timezone, clock: "entity", onChange: setWindow, intervalSelect: "menu" }}
      />
      <CsvDialog
        open={csv.open}
        onClose={csv.onClose}
        reportId={reportId}
        timezone={timezone}
        start={query.start_time}
        end={query.end_time}
        pathOf={(q) => reportEndpoints.memberCsvPath(workspace, reportId, uid, q)}
        fallbackName={`${reportId}_${uid.slice(0, 8)}.csv`}
        rawKept={rawKeptDays === undefined ? undefined : { days: rawKeptDays }}
      />
    </>
  );
}
