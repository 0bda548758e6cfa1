import type { FormSchedule } from "@mimamori/shared";
import AddIcon from "@mui/icons-material/Add";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useDeleteSchedule } from "../../../api/forms";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useNotify } from "../../../components/Notifier";
import { RowActions } from "../../../components/RowActions";
import { useRowDialog } from "../../../components/useRowDialog";
import { formatDate } from "../../../i18n/language";
import { useLanguage } from "../../../i18n/useLanguage";
import { ScheduleDialog } from "./ScheduleDialog";
import { weekdayNames } from "./schedule";

/** The recurring sends of a saved form: list, add, edit, delete. */
export function SchedulesSection({
  workspace,
  formId,
  schedules,
}: {
  workspace: string;
  formId: number;
  schedules: readonly FormSchedule[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const remove = useDeleteSchedule(workspace, formId);
  const editing = useRowDialog<FormSchedule>();
  const deleting = useRowDialog<FormSchedule>();
  const days = weekdayNames(language, "short");

  const when = (s: FormSchedule) =>
    s.kind === "daily"
      ? t("forms-staff.schedules.dailyAt", { time: s.time, zone: s.time_zone })
      : t("forms-staff.schedules.weeklyAt", {
          days: s.weekdays.map((d) => days[d]).join(language === "jp" ? "・" : ", "),
          time: s.time,
          zone: s.time_zone,
        });

  return (
    <Box>
      {schedules.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t("forms-staff.schedules.none")}
        </Typography>
      )}
      {schedules.length > 0 && (
        <Box
          component="ul"
          aria-label={t("forms-staff.schedules.listLabel")}
          sx={{ listStyle: "none", p: 0, m: 0 }}
        >
          {schedules.map((s) => (
            <Box
              component="li"
              key={s.id}
              sx={{
                py: 1.5,
                borderBottom: 1,
                borderColor: "divider",
                display: "flex",
                gap: 1,
                alignItems: "flex-start",
              }}
            >
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{when(s)}</Typography>
                  <Chip
                    size="small"
                    color={s.active ? "success" : "default"}
                    label={t(s.active ? "forms-staff.schedules.on" : "forms-staff.schedules.off")}
                  />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {s.all_members
                    ? t("forms-staff.schedules.toAll")
                    : t("forms-staff.schedules.toChosen", { count: s.users.length })}
                  {s.reminder_after_hours !== null &&
                    ` · ${t("forms-staff.schedules.remindAfter", { count: s.reminder_after_hours })}`}
                </Typography>
                {s.active && s.next_run_at && (
                  <Typography variant="body2" color="text.secondary">
                    {t("forms-staff.schedules.next", {
                      date: formatDate(new Date(s.next_run_at), language, {
                        dateStyle: "medium",
                        timeStyle: "short",
                        hourCycle: "h23",
                        // in the schedule's zone, as its time is written
                        timeZone: s.time_zone,
                      }),
                    })}
                  </Typography>
                )}
              </Box>
              <RowActions
                actions={[
                  {
                    kind: "edit",
                    label: t("forms-staff.schedules.editOf", { when: when(s) }),
                    onClick: () => editing.show(s),
                  },
                  {
                    kind: "delete",
                    label: t("forms-staff.schedules.deleteOf", { when: when(s) }),
                    onClick: () => deleting.show(s),
                  },
                ]}
              />
            </Box>
          ))}
        </Box>
      )}
      <Button startIcon={<AddIcon />} onClick={() => editing.show()} sx={{ mt: 1 }}>
        {t("forms-staff.schedules.add")}
      </Button>
      <ScheduleDialog
        open={editing.open}
        workspace={workspace}
        formId={formId}
        schedule={editing.row}
        onClose={editing.close}
      />
      <ConfirmDialog
        open={deleting.open}
        title={t("forms-staff.schedules.deleteTitle")}
        confirmLabel={t("ui.actions.delete")}
        onConfirm={deleting.confirm(async (s) => {
          await remove.mutateAsync(s.id);
          notify(t("forms-staff.schedules.deleted"), "success");
        })}
        onClose={deleting.close}
      >
        <Typography>
          {t("forms-staff.schedules.deleteBody", { when: deleting.row ? when(deleting.row) : "" })}
        </Typography>
      </ConfirmDialog>
    </Box>
  );
}
