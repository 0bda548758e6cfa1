import { isReportId } from "@mimamori/shared";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import Alert from "@mui/material/Alert";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { reportEndpoints, useOwnReport } from "../../../api/reports";
import { useMyRawRetention } from "../../../api/retention";
import { usePageTitle } from "../../../components/usePageTitle";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { CsvDialog } from "../../reports-common/CsvDialog";
import { measureName } from "../../reports-common/measures";
import { ReportPanel } from "../../reports-common/ReportPanel";
import { useReportWindow } from "../../reports-common/useReportWindow";
import { WindowControls } from "../../reports-common/WindowControls";
import { browserTimezone } from "../../reports-common/window";

/** /client/reports/resq-band/{type}/{id}: breadcrumb, start and interval chips, paging, filter, chart. */
export function ClientReportPage() {
  const { t } = useTranslation();
  const msg = useMessage();
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
    <Stack spacing={2}>
      <Breadcrumbs aria-label={t("reports-common.breadcrumb")}>
        <Link href="/client/reports">{t("reports-common.title")}</Link>
        <Typography color="text.primary" aria-current="page">
          {name}
        </Typography>
      </Breadcrumbs>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
      >
        <Typography variant="h1">{name}</Typography>
        {known && type === "time_series" && (
          <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => setCsv(true)}>
            {t("reports-common.csv.open")}
          </Button>
        )}
      </Stack>
      {!known ? (
        <Alert severity="error">{msg("unknown-report")}</Alert>
      ) : (
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <WindowControls value={win} timezone={timezone} clock="browser" onChange={setWindow} filter />
              <ReportPanel query={report} timezone={timezone} />
            </Stack>
          </CardContent>
        </Card>
      )}
      {known && (
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
      )}
    </Stack>
  );
}
