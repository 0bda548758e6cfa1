import type { Report } from "@mimamori/shared";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type Crumb, PageBreadcrumbs } from "../../../components/PageBreadcrumbs";
import { useMessage } from "../../../i18n/useLanguage";
import { ReportPanel } from "./ReportPanel";
import { WindowControls } from "./WindowControls";

/**
 * A report page (a client's own chart, a staff member's member chart or report): breadcrumbs from the reports
 * list, the title with what is under it (`subtitle`) and the page's `action` beside it, then `children` — or,
 * for an unknown report id, the error instead.
 */
export function ReportPage({
  links,
  current,
  title,
  titleBusy,
  subtitle,
  action,
  known,
  spacing = 2,
  children,
}: {
  links: readonly Crumb[];
  current: ReactNode;
  title: ReactNode;
  /** The title is still loading (a member's name). */
  titleBusy?: boolean;
  subtitle?: ReactNode;
  action?: ReactNode;
  known: boolean;
  spacing?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const msg = useMessage();
  const heading = (
    <Typography variant="h1" sx={{ overflowWrap: "anywhere" }} aria-busy={titleBusy}>
      {title}
    </Typography>
  );
  return (
    <Stack spacing={spacing}>
      <PageBreadcrumbs label={t("reports-common.breadcrumb")} links={links} current={current} />
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{
          alignItems: subtitle === undefined ? "center" : "flex-end",
          justifyContent: "space-between",
          flexWrap: "wrap",
        }}
      >
        {subtitle === undefined ? (
          heading
        ) : (
          <Box sx={{ minWidth: 0 }}>
            {heading}
            {subtitle}
          </Box>
        )}
        {action}
      </Stack>
      {known ? children : <Alert severity="error">{msg("unknown-report")}</Alert>}
    </Stack>
  );
}

/** The button that opens a report page's CSV dialog. */
export function CsvButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={onClick} disabled={disabled}>
      {t("reports-common.csv.open")}
    </Button>
  );
}

/** A report page's chart card: the window's `controls` (with the filter) over the chart of `query`. */
export function ReportChartCard({
  query,
  controls,
}: {
  query: UseQueryResult<Report>;
  controls: Omit<ComponentProps<typeof WindowControls>, "filter">;
}) {
  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <WindowControls {...controls} filter />
          <ReportPanel query={query} timezone={controls.timezone} />
        </Stack>
      </CardContent>
    </Card>
  );
}
