import type { Notification } from "@mimamori/shared";
import AssignmentOutlined from "@mui/icons-material/AssignmentOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useAcknowledge, useAlertList, useDeleteAlert, useMarkSeen } from "../../../api/alerts";
import { staffPath, useWorkspace } from "../../../app/session/workspace";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { useNotify } from "../../../components/Notifier";
import { TimeZoneNote } from "../../../components/TimeZoneNote";
import { usePageTitle } from "../../../components/usePageTitle";
import { useRowDialog } from "../../../components/useRowDialog";
import { useLanguage } from "../../../i18n/useLanguage";
import { AcknowledgeDialog } from "./AcknowledgeDialog";
import { alertDetail, type ColumnContext, measurementColumns, stampOf, syncColumns } from "./alertColumns";
import { HEAT_RECORD_PATH, kindOf, unseenIds } from "./alerts";
import { PeriodForm } from "./PeriodForm";
import { usePeriodInUrl } from "./usePeriodInUrl";

/**
 * /staff/notifications (spec §2, NOTIF-20…23): the alerts of a period in two tables, each row opening the
 * member's chart at the alert's time; acknowledge and delete; what the list shows is marked seen (the dot).
 * The period lives in the URL (`start`, `end`), so coming back from a chart shows the same search.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const { workspace } = useWorkspace(true);
  const ws = workspace ?? "";
  const { period, setPeriod: searchPeriod, timezone } = usePeriodInUrl();
  const list = useAlertList(workspace, period);
  const markSeen = useMarkSeen(ws);
  const acknowledge = useAcknowledge(ws);
  const remove = useDeleteAlert(ws);
  const acking = useRowDialog<Notification>();
  const deleting = useRowDialog<Notification>();
  usePageTitle(t("alerts-staff.title"));

  // What the list shows is seen by the caller: mark it once per alert, which also clears the dot.
  const marked = useRef(new Set<number>());
  const { mutate: markAsSeen } = markSeen;
  useEffect(() => {
    if (!list.data) return;
    const ids = unseenIds(list.data).filter((id) => !marked.current.has(id));
    if (ids.length === 0) return;
    for (const id of ids) marked.current.add(id);
    markAsSeen(ids, {
      onError: () => {
        for (const id of ids) marked.current.delete(id);
      },
    });
  }, [list.data, markAsSeen]);

  const context: ColumnContext = {
    t,
    language,
    // the list waits for the zone (its period does), so no time is ever shown on another clock
    timezone: timezone ?? "UTC",
    linkOf: (path) => staffPath(path, workspace),
    onAcknowledge: acking.show,
    onDelete: deleting.show,
  };
  const describe = (n: Notification | null) =>
    n
      ? {
          name: n.user.name,
          detail: alertDetail(n, context),
          time: stampOf(n.time, context.timezone),
        }
      : { name: "", detail: "", time: "" };

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ alignItems: { sm: "flex-start" }, justifyContent: "space-between" }}
      >
        <Box>
          <Typography variant="h1">{t("alerts-staff.title")}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t("alerts-staff.intro")}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<AssignmentOutlined />}
          href={staffPath(HEAT_RECORD_PATH, workspace)}
          sx={{ flexShrink: 0, alignSelf: { xs: "flex-start", sm: "auto" } }}
        >
          {t("alerts-staff.recordLink")}
        </Button>
      </Stack>
      <Card>
        <CardContent>
          {period && timezone ? (
            <PeriodForm
              value={period}
              timezone={timezone}
              onSearch={searchPeriod}
              submitLabel={t("alerts-staff.period.search")}
            />
          ) : (
            <Skeleton variant="rounded" height={56} aria-hidden />
          )}
        </CardContent>
      </Card>
      {timezone && <TimeZoneNote zone={timezone} clock="entity" />}
      {list.isError && <ErrorState error={list.error} onRetry={() => list.refetch()} />}
      {list.data?.truncated && (
        <Alert severity="info">{t("alerts-staff.truncated", { limit: list.data.limit })}</Alert>
      )}
      {/* a failed load says so above; empty tables would say "no alerts", which is not known */}
      {!list.isError && (
        <>
          <Card component="section" aria-labelledby="alerts-measurement">
            <CardContent>
              <Typography id="alerts-measurement" variant="h2" sx={{ mb: 1 }}>
                {t("alerts-staff.measurement.title")}
              </Typography>
              <DataTable<Notification>
                label={t("alerts-staff.measurement.tableLabel")}
                columns={measurementColumns(context)}
                rows={list.data?.measurement_list}
                rowKey={(n) => String(n.id)}
                loading={list.isPending && !!workspace}
                emptyText={t("alerts-staff.measurement.empty")}
              />
            </CardContent>
          </Card>
          <Card component="section" aria-labelledby="alerts-sync">
            <CardContent>
              <Typography id="alerts-sync" variant="h2" sx={{ mb: 1 }}>
                {t("alerts-staff.sync.title")}
              </Typography>
              <DataTable<Notification>
                label={t("alerts-staff.sync.tableLabel")}
                columns={syncColumns(context)}
                rows={list.data?.sync_list}
                rowKey={(n) => String(n.id)}
                loading={list.isPending && !!workspace}
                emptyText={t("alerts-staff.sync.empty")}
              />
            </CardContent>
          </Card>
        </>
      )}
      <AcknowledgeDialog
        open={acking.open}
        about={t("alerts-staff.ack.about", describe(acking.row))}
        kind={acking.row ? kindOf(acking.row) : "heat"}
        onClose={acking.close}
        onSave={(action, note) =>
          acking.row
            ? acknowledge
                .mutateAsync({ id: acking.row.id, body: { action, note } })
                .then(() => notify(t("alerts-staff.ack.done"), "success"))
            : Promise.resolve()
        }
        onConflict={() => void list.refetch()}
      />
      <ConfirmDialog
        open={deleting.open}
        title={t("alerts-staff.delete.title")}
        confirmLabel={t("alerts-staff.delete.confirm")}
        onClose={deleting.close}
        onConfirm={deleting.confirm(async (alert) => {
          try {
            await remove.mutateAsync(alert.id);
          } catch (err) {
            // e.g. deleted by someone else meanwhile: the dialog says so and the list catches up
            void list.refetch();
            throw err;
          }
          notify(t("alerts-staff.delete.done"), "success");
        })}
      >
        <Typography sx={{ overflowWrap: "anywhere" }}>
          {t("alerts-staff.delete.body", describe(deleting.row))}
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
