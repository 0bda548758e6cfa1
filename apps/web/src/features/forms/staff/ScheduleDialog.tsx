import { FORM_LIMITS, type FormSchedule } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSaveSchedule } from "../../../api/forms";
import { FailureAlert } from "../../../components/FailureAlert";
import { useNotify } from "../../../components/Notifier";
import { ResponsiveDialog } from "../../../components/ResponsiveDialog";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { RecipientPicker } from "./RecipientPicker";
import { useRecipients } from "./SendDialog";
import { fieldsOf, type ScheduleFields, type ScheduleIssues, scheduleBody, weekdayNames } from "./schedule";

interface Props {
  open: boolean;
  workspace: string;
  formId: number;
  /** The schedule to edit; null adds one. */
  schedule: FormSchedule | null;
  onClose: () => void;
}

/** Adds or edits a recurring send: daily or weekly, at HH:mm (24 h), to all or chosen members, reminder, on/off. */
export function ScheduleDialog({ open, workspace, formId, schedule, onClose }: Props) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const id = useId();
  const save = useSaveSchedule(workspace, formId);
  const { eligible } = useRecipients(open ? workspace : "");
  const [fields, setFields] = useState<ScheduleFields>(() => fieldsOf(schedule));
  const [issues, setIssues] = useState<ScheduleIssues>({});
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!open) return;
    setFields(fieldsOf(schedule));
    setIssues({});
    setChecked(false);
    setFailure(null);
  }, [open, schedule]);

  // a refusal (a limit of issue 29 §5) is shown below the fields: brought into view on a short screen
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure !== null) failureRef.current?.scrollIntoView({ block: "nearest" });
  }, [failure]);

  const set = (patch: Partial<ScheduleFields>) => {
    const next = { ...fields, ...patch };
    setFields(next);
    // once a save was tried, the problems follow the edits
    if (checked) setIssues(scheduleBody(next).issues);
  };

  const submit = async () => {
    const { body, issues: found } = scheduleBody(fields);
    setChecked(true);
    setIssues(found);
    if (!body) return;
    setFailure(null);
    try {
      await save.mutateAsync({ scheduleId: schedule?.id ?? null, body });
      notify(msg("saved"), "success");
      onClose();
    } catch (err) {
      setFailure(err);
    }
  };

  const short = weekdayNames(language, "short");
  const long = weekdayNames(language, "long");
  const issue = (code: string | undefined) => (code ? msg(code) : undefined);

  return (
    <ResponsiveDialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      title={t(schedule ? "forms-staff.schedules.editTitle" : "forms-staff.schedules.addTitle")}
      maxWidth="sm"
    >
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <FormControl>
            <FormLabel id={`${id}-kind`}>{t("forms-staff.schedules.kind")}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${id}-kind`}
              value={fields.kind}
              onChange={(e) => set({ kind: e.target.value as ScheduleFields["kind"] })}
            >
              <FormControlLabel value="daily" control={<Radio />} label={t("forms-staff.schedules.daily")} />
              <FormControlLabel
                value="weekly"
                control={<Radio />}
                label={t("forms-staff.schedules.weekly")}
              />
            </RadioGroup>
          </FormControl>
          {fields.kind === "weekly" && (
            <FormControl error={!!issues.weekdays}>
              <FormLabel id={`${id}-days`} sx={{ mb: 1 }}>
                {t("forms-staff.schedules.weekdays")}
              </FormLabel>
              <ToggleButtonGroup
                aria-labelledby={`${id}-days`}
                value={fields.weekdays}
                onChange={(_, days: number[]) => set({ weekdays: days })}
                size="small"
                color="primary"
                sx={{ flexWrap: "wrap" }}
              >
                {/* the visible short name is the button's name (axe: label-content-name-mismatch); the full name
                    is its description */}
                {short.map((name, day) => (
                  <ToggleButton key={long[day]} value={day} title={long[day]} sx={{ minWidth: 44 }}>
                    {name}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              {issues.weekdays && <FormHelperText role="alert">{issue(issues.weekdays)}</FormHelperText>}
            </FormControl>
          )}
          <TextField
            type="time"
            label={t("forms-staff.schedules.time")}
            value={fields.time}
            required
            margin="none"
            onChange={(e) => set({ time: e.target.value })}
            error={!!issues.time}
            helperText={
              issue(issues.time) ??
              t("forms-staff.schedules.timeHint", {
                zone: schedule?.time_zone ?? t("forms-staff.schedules.entityZone"),
              })
            }
            // 10-minute steps; the value is HH:mm on a 24-hour clock whatever the browser shows
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 600 } }}
            sx={{ maxWidth: 240 }}
          />
          <FormControl>
            <FormLabel id={`${id}-who`}>{t("forms-staff.schedules.recipients")}</FormLabel>
            <RadioGroup
              aria-labelledby={`${id}-who`}
              value={fields.all_members ? "all" : "chosen"}
              onChange={(e) => set({ all_members: e.target.value === "all" })}
            >
              <FormControlLabel
                value="all"
                control={<Radio />}
                label={t("forms-staff.schedules.allMembers")}
              />
              <FormControlLabel
                value="chosen"
                control={<Radio />}
                label={t("forms-staff.schedules.chosenMembers")}
              />
            </RadioGroup>
          </FormControl>
          {!fields.all_members && (
            <Box>
              <RecipientPicker
                members={eligible}
                chosen={fields.users}
                onChange={(users) => set({ users })}
                error={issue(issues.users)}
              />
            </Box>
          )}
          <TextField
            type="number"
            label={t("forms-staff.schedules.reminder")}
            value={fields.reminder}
            margin="none"
            onChange={(e) => set({ reminder: e.target.value })}
            error={!!issues.reminder}
            helperText={
              issue(issues.reminder) ??
              t("forms-staff.schedules.reminderHint", { max: FORM_LIMITS.reminderHoursMax })
            }
            slotProps={{
              htmlInput: { min: 1, max: FORM_LIMITS.reminderHoursMax, step: 1, inputMode: "numeric" },
            }}
            sx={{ maxWidth: 320 }}
          />
          <FormControlLabel
            control={<Switch checked={fields.active} onChange={(e) => set({ active: e.target.checked })} />}
            label={t("forms-staff.schedules.active")}
          />
          <FailureAlert ref={failureRef} failure={failure} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t("ui.actions.cancel")}
        </Button>
        <Button variant="contained" onClick={submit} loading={save.isPending}>
          {t("ui.actions.save")}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
