import type { ReportInterval } from "@mimamori/shared";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import EventOutlined from "@mui/icons-material/EventOutlined";
import FilterListOutlined from "@mui/icons-material/FilterListOutlined";
import ScheduleOutlined from "@mui/icons-material/ScheduleOutlined";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TimeZoneNote } from "../../../components/TimeZoneNote";
import { FilterDialog } from "./FilterDialog";
import { ALL_INTERVALS, nowSeconds } from "./useReportWindow";
import {
  canGoNext,
  canGoPrevious,
  formatStamp,
  hourEditable,
  page,
  type ReportWindow,
  windowEnd,
  windowForInterval,
} from "./window";

interface Props {
  value: ReportWindow;
  /** The zone of the window's days and hours, named under the period. */
  timezone: string;
  /** Whose clock `timezone` is: the entity's (staff) or the device's (a client's own charts). */
  clock: "entity" | "browser";
  onChange: (w: ReportWindow) => void;
  /** Chips for the start date and interval, and the filter dialog (client and staff pages). */
  filter?: boolean;
  /** An interval selector: a menu (staff graph) or toggle buttons (mobile view). */
  intervalSelect?: "menu" | "toggle";
  /** The toggle buttons ask for a phone layout. */
  compact?: boolean;
}

/** The period shown, e.g. "2024/05/09 – 2024/05/15" (the end is inclusive for whole days). */
export function periodText(w: ReportWindow, timezone: string): string {
  const end = windowEnd(w.start, w.interval, timezone);
  if (w.interval === "hourly")
    return `${formatStamp(w.start, timezone)} – ${formatStamp(end, timezone).slice(11)}`;
  const withTime = hourEditable(w.interval) && formatStamp(w.start, timezone).slice(11) !== "00:00";
  return `${formatStamp(w.start, timezone, withTime)} – ${formatStamp(end - (withTime ? 0 : 1), timezone, withTime)}`;
}

/** Start-date and interval chips, previous/next (§4 paging) and the filter dialog of a report chart. */
export function WindowControls({
  value,
  timezone,
  clock,
  onChange,
  filter = false,
  intervalSelect,
  compact,
}: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const now = nowSeconds();
  const next = canGoNext(value, now, timezone);
  const previous = canGoPrevious(value, timezone);
  const chooseInterval = (i: ReportInterval) => onChange(windowForInterval(i, now, timezone));

  return (
    <Stack spacing={1.5}>
      {intervalSelect === "toggle" && (
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          color="primary"
          value={value.interval}
          onChange={(_, v: ReportInterval | null) => v && chooseInterval(v)}
          aria-label={t("reports-common.filter.interval")}
        >
          {ALL_INTERVALS.map((i) => (
            <ToggleButton
              key={i}
              value={i}
              sx={{ px: 0.5, color: "text.secondary", bgcolor: "background.paper" }}
            >
              {t(`reports-common.interval.${i}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: "wrap", alignItems: "center", justifyContent: "space-between" }}
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
          {filter && (
            <>
              <Chip
                icon={<EventOutlined />}
                label={t("reports-common.window.startChip", {
                  date: formatStamp(value.start, timezone, hourEditable(value.interval)),
                })}
                onClick={() => setOpen(true)}
                variant="outlined"
              />
              <Chip
                icon={<ScheduleOutlined />}
                label={t("reports-common.window.intervalChip", {
                  interval: t(`reports-common.interval.${value.interval}`),
                })}
                onClick={() => setOpen(true)}
                variant="outlined"
              />
            </>
          )}
          {intervalSelect === "menu" && (
            <TextField
              select
              size="small"
              label={t("reports-common.filter.interval")}
              value={value.interval}
              onChange={(e) => chooseInterval(e.target.value as ReportInterval)}
              fullWidth={false}
              sx={{ m: 0, minWidth: 140 }}
            >
              {ALL_INTERVALS.map((i) => (
                <MenuItem key={i} value={i}>
                  {t(`reports-common.interval.${i}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ ml: "auto" }}>
          <Button
            variant="outlined"
            size={compact ? "small" : "medium"}
            startIcon={<ChevronLeft />}
            disabled={!previous}
            onClick={() => onChange(page(value, -1, now, timezone))}
          >
            {t("reports-common.window.previous")}
          </Button>
          <Button
            variant="outlined"
            size={compact ? "small" : "medium"}
            endIcon={<ChevronRight />}
            disabled={!next}
            onClick={() => onChange(page(value, 1, now, timezone))}
          >
            {t("reports-common.window.next")}
          </Button>
          {filter && (
            <Button
              variant="contained"
              size={compact ? "small" : "medium"}
              startIcon={<FilterListOutlined />}
              onClick={() => setOpen(true)}
            >
              {t("reports-common.filter.open")}
            </Button>
          )}
        </Stack>
      </Stack>
      <div>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t("reports-common.window.period", { period: periodText(value, timezone) })}
        </Typography>
        <TimeZoneNote zone={timezone} clock={clock} />
      </div>
      {filter && (
        <FilterDialog
          open={open}
          value={value}
          timezone={timezone}
          intervals={ALL_INTERVALS}
          onApply={onChange}
          onClose={() => setOpen(false)}
        />
      )}
    </Stack>
  );
}
