import type { Report, Zone } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { BarChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { visuallyHidden } from "../../../components/visuallyHidden";
import { useLanguage } from "../../../i18n/useLanguage";
import { useRangeText } from "./useRangeText";
import {
  type ChartLabels,
  chartOption,
  defaultZoneLine,
  drawnBands,
  drawnSeries,
  formatValue,
  hasStages,
  overview,
  seriesOf,
  summaryRows,
  ZONE_SWATCH,
  type ZoneLine,
  zoneLinesOf,
  zoneRangeOf,
} from "./vitalChartOption";
import { formatStamp } from "./window";

echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkAreaComponent,
  CanvasRenderer,
]);

interface Props {
  report: Report;
  /** The IANA zone the report was asked for (axis labels and the text alternative use it). */
  timezone: string;
  /** Phone layout: a lower chart and fewer labels. */
  compact?: boolean;
  height?: number;
}

/**
 * The one chart of the app (Apache ECharts, canvas, no animation), with a text alternative for screen
 * readers: a description of the window and a table of the values (grouped when there are many). Level
 * charts have a zone selector: the bands are one statistic's ranges, drawn behind that statistic's line only.
 */
export function VitalChart({ report, timezone, compact = false, height }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const id = useId();
  const rangeText = useRangeText();
  const [chosen, setChosen] = useState<ZoneLine | null>(null);
  const zoneLines = zoneLinesOf(report);
  const zoneLine = chosen && zoneLines.includes(chosen) ? chosen : defaultZoneLine(report);

  const labels: ChartLabels = useMemo(
    () => ({
      max: t("reports-common.chart.max"),
      min: t("reports-common.chart.min"),
      mean: t("reports-common.chart.mean"),
      value: t("reports-common.chart.value"),
      systolic: t("reports-common.chart.systolic"),
      diastolic: t("reports-common.chart.diastolic"),
      total: t("reports-common.chart.total"),
      deep: t("reports-common.chart.deep"),
      light: t("reports-common.chart.light"),
      rem: t("reports-common.chart.rem"),
      awake: t("reports-common.chart.awake"),
      stages: t("reports-common.chart.stages"),
      zones: {
        green: t("reports-common.zone.green"),
        yellow: t("reports-common.zone.yellow"),
        red: t("reports-common.zone.red"),
      },
    }),
    [t],
  );
  const option = useMemo(
    () => chartOption(report, labels, { timezone, language, compact, zoneLine }),
    [report, labels, timezone, language, compact, zoneLine],
  );
  const series = useMemo(() => seriesOf(report, labels), [report, labels]);
  const rows = useMemo(() => summaryRows(report, series, timezone), [report, series, timezone]);

  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const c = echarts.init(node, undefined, { renderer: "canvas" });
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  const fmt = (v: number | null) =>
    v === null ? "–" : formatValue(v, report.aggregation === "sleep" ? 1 : report.decimal, language);
  const o = overview(report);
  const period = `${formatStamp(report.start_time, timezone)} – ${formatStamp(report.end_time, timezone)}`;
  const empty = report.values.length === 0 && !(report.values_dbp?.length ?? 0);
  const description = empty
    ? t("reports-common.chart.descriptionEmpty", { name: report.name, period })
    : o.total !== null
      ? t("reports-common.chart.descriptionTotal", {
          name: report.name,
          period,
          total: fmt(o.total),
          unit: report.unit,
        })
      : t("reports-common.chart.description", {
          name: report.name,
          period,
          high: fmt(o.high),
          low: fmt(o.low),
          mean: fmt(o.mean),
          unit: report.unit,
        });
  const bands = drawnBands(report, zoneLine);
  const zones = [...new Set(bands.map((b) => b.zone))];
  const range = zoneRangeOf(report, zoneLine);
  const zoneText = !range
    ? t("reports-common.chart.zonesNone")
    : zoneLines.length
      ? t("reports-common.chart.zonesOf", {
          line: t(`reports-common.chart.zoneLine.${zoneLine}`),
          reading: rangeText(range, report.direction, report.unit),
        })
      : rangeText(range, report.direction, report.unit);
  const stages = hasStages(report) ? (report.sleep ?? []) : [];
  const h = (height ?? (compact ? 320 : 380)) + (stages.length ? (compact ? 180 : 200) : 0);

  return (
    <Box
      component="figure"
      sx={{ m: 0 }}
      aria-labelledby={`${id}-caption`}
      data-zone-line={zoneLines.length ? zoneLine : undefined}
      data-zone-range={range ? `${range[1]},${range[2]}` : undefined}
      data-zone-bands={bands.map((b) => `${b.zone}:${b.from}:${b.to}`).join(" ")}
      data-lines={drawnSeries(report, series, zoneLine)
        .map((s) => s.key)
        .join(" ")}
    >
      {zoneLines.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center", mb: 1 }}>
          <Typography id={`${id}-zones`} variant="body2" color="text.secondary">
            {t("reports-common.chart.zonesFor")}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={zoneLine}
            onChange={(_, v: ZoneLine | null) => v && setChosen(v)}
            aria-labelledby={`${id}-zones`}
          >
            {zoneLines.map((l) => (
              <ToggleButton
                key={l}
                value={l}
                sx={{
                  px: 1.25,
                  py: 0.25,
                  textTransform: "none",
                  color: "text.secondary",
                  bgcolor: "background.paper",
                }}
              >
                {t(`reports-common.chart.zoneLine.${l}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      )}
      <Box sx={{ position: "relative" }}>
        <Box ref={el} role="img" aria-label={description} sx={{ width: "100%", height: h }} />
        {empty && (
          <Typography
            aria-hidden
            color="text.secondary"
            sx={{
              position: "absolute",
              inset: 0,
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              pointerEvents: "none",
            }}
          >
            {t("reports-common.noData")}
          </Typography>
        )}
      </Box>
      {zones.length > 0 && (
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ flexWrap: "wrap", mt: 1 }}
          aria-label={t("reports-common.zone.legend")}
          role="list"
        >
          {zones.map((z: Zone) => (
            <Stack key={z} direction="row" spacing={0.75} sx={{ alignItems: "center" }} role="listitem">
              <Box
                sx={{
                  width: 14,
                  height: 14,
                  borderRadius: 0.5,
                  bgcolor: ZONE_SWATCH[z],
                  border: 1,
                  borderColor: "divider",
                }}
              />
              <Typography variant="body2" color="text.secondary">
                {labels.zones[z]}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
      {!empty && (bands.length > 0 || (zoneLines.length > 0 && !range)) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="zone-reading">
          {zoneText}
        </Typography>
      )}
      <Box component="figcaption" id={`${id}-caption`} sx={visuallyHidden}>
        {description}
      </Box>
      {!empty && (
        // a table ignores a 1-pixel width: the hidden wrapper keeps it out of the layout
        <Box sx={visuallyHidden}>
          <table>
            <caption>
              {t("reports-common.chart.tableCaption", { name: report.name, unit: report.unit })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("reports-common.chart.time")}</th>
                {series.map((s) => (
                  <th key={s.key} scope="col">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  {r.values.map((v, i) => (
                    <td key={series[i]?.key ?? i}>{fmt(v)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {stages.length > 0 && (
            <table>
              <caption>{t("reports-common.chart.stages")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("reports-common.chart.time")}</th>
                  <th scope="col">{t("reports-common.chart.stage")}</th>
                  <th scope="col">{report.unit}</th>
                </tr>
              </thead>
              <tbody>
                {stages.map((seg) => (
                  <tr key={seg.start}>
                    <th scope="row">
                      {formatStamp(seg.start, timezone)} – {formatStamp(seg.end, timezone).slice(11)}
                    </th>
                    <td>{labels[seg.stage]}</td>
                    <td>{formatValue(seg.length, 2, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Box>
      )}
    </Box>
  );
}
