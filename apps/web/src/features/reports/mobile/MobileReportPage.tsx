import { isReportId, languageFromTag } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiError } from "../../../api/client";
import { useMobileReport } from "../../../api/reports";
import { usePageTitle } from "../../../components/usePageTitle";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { measureName } from "../common/measures";
import { ReportPanel } from "../common/ReportPanel";
import { useReportWindow } from "../common/useReportWindow";
import { WindowControls } from "../common/WindowControls";
import { browserTimezone } from "../common/window";
import { MobileTermsPage } from "./MobileTermsPage";

/**
 * /mobile/reports/resq_band?report_id&idToken&lang: the chart alone in a phone layout for the band's app
 * (§2 mobile view). The id token of the URL is sent as the Authorization header; this browser's own session
 * plays no part.
 */
export function MobileReportPage() {
  const { t, i18n } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const [params] = useSearchParams();
  const reportId = params.get("report_id") ?? "";
  const idToken = params.get("idToken") ?? "";
  const lang = params.get("lang");
  const known = isReportId(reportId);
  // the band wearer's own times: the device's clock (docs/decisions.md "Times")
  const device = useMemo(browserTimezone, []);
  const { win, setWindow, query, timezone } = useReportWindow(reportId, device, { mobile: true });
  const report = useMobileReport(known ? reportId : "", query, known ? idToken : "");
  const name = known ? measureName(reportId, language) : t("reports-common.title");
  usePageTitle(name);

  useEffect(() => {
    if (lang) void i18n.changeLanguage(languageFromTag(lang));
  }, [lang, i18n]);

  const unauthenticated = report.error instanceof ApiError && report.error.status === 401;
  // a new terms or privacy version awaits the person's acceptance (issue 29 §2): accepted here, then the chart
  const termsRequired = report.error instanceof ApiError && report.error.code === "terms-acceptance-required";
  let problem: string | null = null;
  if (!idToken) problem = t("reports-common.mobile.noToken");
  else if (!known) problem = msg("unknown-report");
  else if (unauthenticated) problem = t("reports-common.mobile.expired");

  return (
    <Box component="main" sx={{ maxWidth: 520, mx: "auto", px: 1.5, py: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h1" sx={{ fontSize: "1.4rem" }}>
          {name}
        </Typography>
        {problem ? (
          <Alert severity="error">{problem}</Alert>
        ) : termsRequired ? (
          <MobileTermsPage idToken={idToken} />
        ) : (
          <>
            <WindowControls
              value={win}
              timezone={timezone}
              clock="browser"
              onChange={setWindow}
              intervalSelect="toggle"
              compact
            />
            <ReportPanel query={report} timezone={timezone} compact />
          </>
        )}
      </Stack>
    </Box>
  );
}
