import {
  type Direction,
  RANGE_SLIDER_STEP,
  type ZoneRange,
  type ZoneRanges,
  zoneColours,
} from "@mimamori/shared";
import Box from "@mui/material/Box";
import Slider from "@mui/material/Slider";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useRangeText } from "../common/useRangeText";
import { ZONE_STYLE } from "../common/ZoneBadge";

export const RANGE_KEYS = ["maxValue", "minValue", "meanValue"] as const;
export type RangeKey = (typeof RANGE_KEYS)[number];

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The rail of a range slider painted with its three zones. */
export function railGradient(
  range: ZoneRange,
  scale: { min: number; max: number },
  direction: Direction,
): string {
  const span = scale.max - scale.min || 1;
  const pct = (v: number) => `${Math.min(100, Math.max(0, ((v - scale.min) / span) * 100)).toFixed(2)}%`;
  const [c0, c1, c2] = zoneColours(direction).map((z) => ZONE_STYLE[z].border);
  const a = pct(range[1]);
  const b = pct(range[2]);
  return `linear-gradient(to right, ${c0} 0%, ${c0} ${a}, ${c1} ${a}, ${c1} ${b}, ${c2} ${b}, ${c2} 100%)`;
}

interface Props {
  value: ZoneRanges;
  onChange: (v: ZoneRanges) => void;
  /** The report's scale, zone direction and unit. */
  report: { scale: { min: number; max: number }; direction: Direction; unit: string };
  disabled?: boolean;
}

/** The three range sliders (max, min, mean) of §4/§9: four points each, step 0.1, zones on the rail. */
export function RangeSliders({ value, onChange, report, disabled }: Props) {
  const { scale, direction, unit } = report;
  const { t } = useTranslation();
  const id = useId();
  const reading = useRangeText();
  const points = [
    t("reports-common.ranges.point1"),
    t("reports-common.ranges.point2"),
    t("reports-common.ranges.point3"),
    t("reports-common.ranges.point4"),
  ];
  return (
    <Box>
      {RANGE_KEYS.map((key) => {
        const label = t(`reports-common.ranges.${key}`);
        const range = value[key];
        return (
          <Box key={key} sx={{ mb: 2 }}>
            <Typography id={`${id}-${key}`} sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            <Box sx={{ px: 1.5 }}>
              <Slider
                value={[...range]}
                min={scale.min}
                max={scale.max}
                step={RANGE_SLIDER_STEP}
                disableSwap
                disabled={disabled}
                valueLabelDisplay="auto"
                track={false}
                marks={[
                  { value: scale.min, label: String(scale.min) },
                  { value: scale.max, label: String(scale.max) },
                ]}
                getAriaLabel={(i) => `${label}: ${points[i]}`}
                getAriaValueText={(v) => `${v} ${unit}`}
                onChange={(_, v) => {
                  const next = (v as number[]).map(round1) as ZoneRange;
                  onChange({ ...value, [key]: next });
                }}
                sx={{
                  "& .MuiSlider-rail": {
                    opacity: 1,
                    height: 6,
                    background: railGradient(range, scale, direction),
                  },
                  "& .MuiSlider-markLabel": { fontSize: "0.75rem" },
                }}
              />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {range.join(" / ")} {unit} — {reading(range, direction, unit)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
