import { NOTIFICATION_LIMITS, type NotificationWindowQuery, windowLimitText } from "@mimamori/shared";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateTimeField } from "../../../components/DateTimeField";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { fromDateTimeInput, toDateTimeInput } from "../../reports/common/window";
import { periodProblems } from "./alerts";

interface Props {
  /** The period searched (shown in the inputs until the user edits them). */
  value: NotificationWindowQuery;
  /** The entity's zone: the picked date-times are read on its clock, and the form says so. */
  timezone: string;
  onSearch: (period: NotificationWindowQuery) => void;
  submitLabel: string;
  /** More buttons beside the submit one (e.g. the record's CSV download). */
  actions?: ReactNode;
}

/**
 * A date-time period (end after start, at most 366 days: the server's own rule and messages), picked on the
 * entity's clock: the start's hint names the zone.
 */
export function PeriodForm({ value, timezone, onSearch, submitLabel, actions }: Props) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const [from, setFrom] = useState(() => toDateTimeInput(value.start_time, timezone));
  const [to, setTo] = useState(() => toDateTimeInput(value.end_time, timezone));
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  useEffect(() => {
    setFrom(toDateTimeInput(value.start_time, timezone));
    setTo(toDateTimeInput(value.end_time, timezone));
    setErrors({});
  }, [value.start_time, value.end_time, timezone]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const start = fromDateTimeInput(from, timezone);
    const end = fromDateTimeInput(to, timezone);
    const problems = periodProblems(start, end);
    setErrors(problems);
    if (start !== null && end !== null && !problems.from && !problems.to)
      onSearch({ start_time: start, end_time: end });
  };

  const limit = t("alerts-staff.period.limit", {
    limit: windowLimitText(NOTIFICATION_LIMITS.windowDays, language),
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t("alerts-staff.period.label")}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { sm: "flex-start" }, flexWrap: "wrap" }}
      >
        <DateTimeField
          label={t("alerts-staff.period.start")}
          value={from}
          onChange={setFrom}
          error={!!errors.from}
          helperText={errors.from ? msg(errors.from) : t("time.pickerZone", { zone: timezone })}
          step={60}
          fullWidth={false}
          sx={{ m: 0, width: { xs: "100%", sm: 250 } }}
        />
        <DateTimeField
          label={t("alerts-staff.period.end")}
          value={to}
          onChange={setTo}
          error={!!errors.to}
          helperText={errors.to ? msg(errors.to) : limit}
          step={60}
          fullWidth={false}
          sx={{ m: 0, width: { xs: "100%", sm: 250 } }}
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", pt: { sm: 1 } }}>
          <Button type="submit" variant="contained" startIcon={<SearchOutlined />}>
            {submitLabel}
          </Button>
          {actions}
        </Stack>
      </Stack>
    </Box>
  );
}
