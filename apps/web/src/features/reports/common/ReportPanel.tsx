import type { Report } from "@mimamori/shared";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import type { UseQueryResult } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState";
import { PageLoader } from "../../../components/PageLoader";

// ECharts is loaded with the first chart, never with the pages' own code
const VitalChart = lazy(() => import("./VitalChart").then((m) => ({ default: m.VitalChart })));

interface Props {
  query: UseQueryResult<Report>;
  timezone: string;
  compact?: boolean;
}

/** The chart (or image) of a report query, with its loading and error states. */
export function ReportPanel({ query, timezone, compact }: Props) {
  const { t } = useTranslation();
  const height = compact ? 320 : 380;
  if (query.isPending) return <PageLoader minHeight={height} />;
  if (query.isError && !query.data) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const report = query.data as Report;
  return (
    <Box sx={{ position: "relative" }} aria-busy={query.isFetching || undefined}>
      {query.isFetching && (
        <LinearProgress
          aria-label={t("reports-common.loadingChart")}
          sx={{ position: "absolute", top: 0, left: 0, right: 0, zIndex: 1 }}
        />
      )}
      {query.isError && <ErrorState error={query.error} onRetry={() => query.refetch()} />}
      {report.type === "image_file" ? (
        report.img_url ? (
          <Box
            component="img"
            src={report.img_url}
            alt={report.name}
            sx={{ display: "block", maxWidth: "100%", height: "auto", mx: "auto" }}
          />
        ) : (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: "center" }}>
            {t("reports-common.noImage")}
          </Typography>
        )
      ) : (
        <Suspense fallback={<PageLoader minHeight={height} />}>
          <VitalChart report={report} timezone={timezone} compact={compact} height={height} />
        </Suspense>
      )}
    </Box>
  );
}
