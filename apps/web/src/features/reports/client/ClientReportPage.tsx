import { isReportId } from "@mimamori/shared";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { reportEndpoints, useOwnReport } from "../../../api/reports";
import { useMyRawRetention } from "../../../api/vitals";
import { usePageTitle } from "../../../components/usePageTitle";
import { useLanguage } from "../../../i18n/useLanguage";
import { CsvDialog } from "../common/CsvDialog";
import { measureName } from "../common/measures";
import { CsvButton, ReportChartCard, ReportPage } from "../common/ReportPage";
import { useReportWindow } from "../common/useReportWindow";
import { browserTimezone } from "../common/window";

/** /client/reports/resq-band/{type}/{id}: breadcrumb, start and interval chips, paging, filter, chart. */
export function ClientReportPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { id = "", type = "time_series" } = useParams();
  const known = isReportId(id);
  const name = measureName(id, language);
  // a client's own times are on the device's clock (docs/decisions.md "Times")
  const device = useMemo(browserTimezone, []);
  const { win, setWindow, query, timezone } = useReportWindow(id, device);
  const report = useOwnReport(id, query, known);
  const [csv, setCsv] = useState(false);
  const retention = useMyRawRetention(csv);
  usePageTitle(known ? name : t("reports-common.title"));

  return (
    <ReportPage
      links={[{ href: "/client/reports", label: t("reports-common.title") }]}
      current={name}
      title={name}
      action={known && type === "time_series" && <CsvButton onClick={() => setCsv(true)} />}
      known={known}
    >
      <ReportChartCard
        query={report}
        controls={{ value: win, timezone, clock: "browser", onChange: setWindow }}
      />
      <CsvDialog
        open={csv}
        onClose={() => setCsv(false)}
        reportId={id}
        timezone={timezone}
        start={query.start_time}
        end={query.end_time}
        pathOf={(q) => reportEndpoints.ownCsvPath(id, q)}
        fallbackName={`${id}.csv`}
        rawKept={retention.data}
      />
    </ReportPage>
  );
}
