import {
  type EntityKpis,
  localeOf,
  REPORT_TILES,
  STAFF_INTERVAL_DAYS,
  type StaffIntervalDays,
} from "@mimamori/shared";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useKpis } from "../../../api/reports";
import { staffPath, useEntityTimeZone, useWorkspace } from "../../../app/session/workspace";
import { ErrorState } from "../../../components/ErrorState";
import { LinkTile, LinkTiles } from "../../../components/LinkTiles";
import { TimeZoneNote } from "../../../components/TimeZoneNote";
import { usePageTitle } from "../../../components/usePageTitle";
import { useLanguage } from "../../../i18n/useLanguage";
import { MEASURE_ICONS, measureName } from "../common/measures";
import { formatStamp } from "../common/window";

export const STAFF_INTERVAL_NAMES: Record<StaffIntervalDays, "daily" | "weekly" | "monthly" | "yearly"> = {
  1: "daily",
  7: "weekly",
  30: "monthly",
  365: "yearly",
};

/** The staff interval (days) of the `interval` query parameter; weekly by default (§9). */
export function useStaffInterval(): [StaffIntervalDays, (days: StaffIntervalDays) => void] {
  const [params, setParams] = useSearchParams();
  const n = Number(params.get("interval"));
  const days = (STAFF_INTERVAL_DAYS as readonly number[]).includes(n) ? (n as StaffIntervalDays) : 7;
  const set = (d: StaffIntervalDays) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set("interval", String(d));
        return next;
      },
      { replace: true },
    );
  return [days, set];
}

export function StaffIntervalSelect({
  value,
  onChange,
}: {
  value: StaffIntervalDays;
  onChange: (d: StaffIntervalDays) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t("reports-common.filter.interval")}
      value={value}
      onChange={(e) => onChange(Number(e.target.value) as StaffIntervalDays)}
      fullWidth={false}
      sx={{ m: 0, minWidth: 160 }}
    >
      {STAFF_INTERVAL_DAYS.map((d) => (
        <MenuItem key={d} value={d}>
          {t(`reports-common.interval.${STAFF_INTERVAL_NAMES[d]}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function percent(v: number | null, language: "jp" | "en") {
  if (v === null) return "–";
  return new Intl.NumberFormat(localeOf(language), { style: "percent", maximumFractionDigits: 1 }).format(v);
}

function KpiCards({ kpis }: { kpis: EntityKpis | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const items = [
    {
      key: "equipping",
      value: kpis?.equippingRate ?? null,
      detail: kpis && t("reports-common.kpi.equippingDetail", { count: kpis.with_data, total: kpis.members }),
      color: "text.primary",
    },
    {
      key: "red",
      value: kpis?.redZoneRate ?? null,
      detail: kpis && t("reports-common.kpi.zoneDetail", { count: kpis.red, total: kpis.with_data }),
      color: "#8e1111",
    },
    {
      key: "yellow",
      value: kpis?.yellowZoneRate ?? null,
      detail: kpis && t("reports-common.kpi.zoneDetail", { count: kpis.yellow, total: kpis.with_data }),
      color: "#5d4000",
    },
  ] as const;
  return (
    <Grid container spacing={2} component="ul" sx={{ p: 0, m: 0 }}>
      {items.map((k) => (
        <Grid key={k.key} size={{ xs: 12, sm: 4 }} component="li" sx={{ listStyle: "none" }}>
          <Card sx={{ height: "100%" }}>
            <CardContent>
              <Typography variant="h3" component="h3" color="text.secondary" sx={{ fontSize: "0.95rem" }}>
                {t(`reports-common.kpi.${k.key}`)}
              </Typography>
              {kpis ? (
                <>
                  <Typography sx={{ fontSize: "2rem", fontWeight: 600, color: k.color }}>
                    {percent(k.value, language)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {k.detail}
                  </Typography>
                </>
              ) : (
                <Skeleton height={64} />
              )}
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

/** /staff/reports: the entity's KPIs and a tile for each of the eleven reports (§2). */
export function StaffReportsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { workspace } = useWorkspace(true);
  // the KPI window's days are the entity's (docs/decisions.md "Times"): asked for once its zone is known
  const zone = useEntityTimeZone();
  const timezone = zone ?? "";
  const [interval, setStaffInterval] = useStaffInterval();
  const kpis = useKpis(zone ? (workspace ?? "") : "", timezone, interval);
  usePageTitle(t("reports-common.title"));
  const ws = workspace ?? null;

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t("reports-common.title")}</Typography>
      <Box component="section" aria-labelledby="kpi-title">
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", mb: 2 }}
        >
          <Box>
            <Typography variant="h2" id="kpi-title">
              {t("reports-common.kpi.title")}
            </Typography>
            {kpis.data && (
              <Typography variant="body2" color="text.secondary">
                {t("reports-common.kpi.window", {
                  start: formatStamp(kpis.data.start_time, timezone, false),
                  end: formatStamp(kpis.data.end_time, timezone),
                })}
              </Typography>
            )}
            {zone && <TimeZoneNote zone={zone} clock="entity" />}
          </Box>
          <StaffIntervalSelect value={interval} onChange={setStaffInterval} />
        </Stack>
        {kpis.isError ? (
          <ErrorState error={kpis.error} onRetry={() => kpis.refetch()} />
        ) : (
          <KpiCards kpis={kpis.data} />
        )}
      </Box>
      <Box component="section" aria-labelledby="tiles-title">
        <Typography variant="h2" id="tiles-title" sx={{ mb: 2 }}>
          {t("reports-common.tiles.title")}
        </Typography>
        <LinkTiles>
          {REPORT_TILES.map((id) => (
            <LinkTile
              key={id}
              href={staffPath(`/staff/reports/${id}?interval=${interval}`, ws)}
              icon={MEASURE_ICONS[id]}
              title={measureName(id, language)}
              size={{ xs: 12, sm: 6, md: 4 }}
            />
          ))}
        </LinkTiles>
      </Box>
    </Stack>
  );
}
