import { isReportId, type StaffReport, type StaffReportUser, type ZoneRanges } from "@mimamori/shared";
import ShowChartOutlined from "@mui/icons-material/ShowChartOutlined";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { errorMessage } from "../../../api/errors";
import { useStaffReport, useStaffReportMutation } from "../../../api/reports";
import { memberReportPath } from "../../../app/memberLinks";
import { staffPath, useEntityTimeZone, useWorkspace } from "../../../app/session/workspace";
import { type Column, DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { useNotify } from "../../../components/Notifier";
import { PageLoader } from "../../../components/PageLoader";
import { TimeZoneNote } from "../../../components/TimeZoneNote";
import { usePageTitle } from "../../../components/usePageTitle";
import { useSavedDraft } from "../../../components/useSavedDraft";
import { valueColumn } from "../../../components/valueColumn";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { measureName } from "../common/measures";
import { ReportPage } from "../common/ReportPage";
import { formatValue } from "../common/vitalChartOption";
import { formatStamp } from "../common/window";
import { ZoneBadge } from "../common/ZoneBadge";
import { RangeSliders } from "./RangeSliders";
import { StaffIntervalSelect, useStaffInterval } from "./StaffReportsPage";
import { TuningDialog } from "./TuningDialog";

const sameRanges = (a: ZoneRanges, b: ZoneRanges) => JSON.stringify(a) === JSON.stringify(b);

function GeneralRanges({
  report,
  onSave,
  saving,
}: {
  report: StaffReport;
  onSave: (r: ZoneRanges) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useSavedDraft<ZoneRanges>(report.ranges);
  const dirty = !sameRanges(draft, report.ranges);
  return (
    <Card component="section" aria-labelledby="general-ranges-title">
      <CardContent>
        <Typography variant="h2" id="general-ranges-title">
          {t("reports-common.ranges.generalTitle")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t("reports-common.ranges.generalHelp")}
        </Typography>
        <RangeSliders value={draft} onChange={setDraft} report={report} disabled={saving} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", flexWrap: "wrap" }} useFlexGap>
          <Button
            onClick={() => setDraft(report.default_ranges)}
            disabled={saving || sameRanges(draft, report.default_ranges)}
          >
            {t("reports-common.ranges.defaults")}
          </Button>
          <Button onClick={() => setDraft(report.ranges)} disabled={saving || !dirty}>
            {t("reports-common.ranges.undo")}
          </Button>
          <Button variant="contained" onClick={() => onSave(draft)} loading={saving} disabled={!dirty}>
            {t("reports-common.actions.save")}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /staff/reports/{reportId}: the entity's users with max/min/mean coloured by zone, the interval, the general
 * range sliders, and per-user tuning (switch and dialog). The window's days are the entity's (its zone is sent
 * and named; the report waits for it).
 */
export function StaffReportPage() {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const { reportId = "" } = useParams();
  const known = isReportId(reportId);
  const { workspace } = useWorkspace(true);
  const ws = workspace ?? "";
  const zone = useEntityTimeZone();
  const timezone = zone ?? "";
  const [interval, setStaffInterval] = useStaffInterval();
  const report = useStaffReport(known && zone ? ws : "", reportId, timezone, interval);
  const mutate = useStaffReportMutation(ws, reportId, timezone, interval);
  const [tuning, setTuning] = useState<string | null>(null);
  /** The switch being saved and the state it moves to (shown at once). */
  const [switching, setSwitching] = useState<{ uid: string; isTuned: boolean } | null>(null);
  const name = measureName(reportId, language);
  usePageTitle(name);

  const data = report.data;
  const tuningMember = data?.users.find((u) => u.user.uid === tuning) ?? null;

  const saveGeneral = async (ranges: ZoneRanges) => {
    try {
      await mutate.mutateAsync({ kind: "general", ranges });
      notify(msg("saved"));
    } catch (err) {
      notify(errorMessage(err, language), "error");
    }
  };

  const switchTuned = async (u: StaffReportUser, isTuned: boolean) => {
    setSwitching({ uid: u.user.uid, isTuned });
    try {
      await mutate.mutateAsync({ kind: "tuned", member: u.user.uid, isTuned });
      if (isTuned) setTuning(u.user.uid);
    } catch (err) {
      notify(errorMessage(err, language), "error");
    } finally {
      setSwitching(null);
    }
  };

  const fmt = (v: number | null) => (v === null || !data ? "–" : formatValue(v, data.decimal, language));
  const stat = (key: "max" | "min" | "mean"): Column<StaffReportUser> => ({
    id: key,
    label: t(`reports-common.chart.${key}`),
    align: "right",
    sortValue: (u) => u.report[key].value ?? Number.NEGATIVE_INFINITY,
    render: (u) => <ZoneBadge zone={u.report[key].color}>{fmt(u.report[key].value)}</ZoneBadge>,
  });
  const columns: Column<StaffReportUser>[] = [
    {
      id: "name",
      label: t("reports-common.users.name"),
      sortValue: (u) => u.user.name,
      render: (u) => <Link href={staffPath(memberReportPath(reportId, u.user.uid), ws)}>{u.user.name}</Link>,
    },
    valueColumn("email", t("reports-common.users.email"), (u) => u.user.email),
    stat("max"),
    stat("min"),
    stat("mean"),
    {
      id: "tuned",
      label: t("reports-common.users.tuned"),
      align: "center",
      render: (u) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", justifyContent: { sm: "center" } }}>
          <Switch
            checked={switching?.uid === u.user.uid ? switching.isTuned : u.isTuned}
            disabled={switching?.uid === u.user.uid}
            onChange={(e) => switchTuned(u, e.target.checked)}
            slotProps={{ input: { "aria-label": t("reports-common.users.tunedFor", { name: u.user.name }) } }}
          />
          <Tooltip title={t("reports-common.users.tune")}>
            <span>
              <IconButton
                onClick={() => setTuning(u.user.uid)}
                disabled={!u.isTuned}
                aria-label={t("reports-common.users.tuneFor", { name: u.user.name })}
              >
                <TuneOutlined />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      ),
    },
    {
      id: "graph",
      label: t("reports-common.users.graph"),
      hideLabel: true,
      align: "center",
      render: (u) => (
        <Tooltip title={t("reports-common.users.graph")}>
          <IconButton
            href={staffPath(memberReportPath(reportId, u.user.uid), ws)}
            aria-label={t("reports-common.users.graphFor", { name: u.user.name })}
          >
            <ShowChartOutlined />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <ReportPage
      links={[
        {
          href: staffPath(`/staff/reports?interval=${interval}`, workspace),
          label: t("reports-common.title"),
        },
      ]}
      current={name}
      title={name}
      subtitle={
        <>
          {data && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t("reports-common.staff.window", {
                start: formatStamp(data.start_time, timezone, false),
                end: formatStamp(data.end_time, timezone),
                unit: data.unit,
              })}
            </Typography>
          )}
          {zone && <TimeZoneNote zone={zone} clock="entity" />}
        </>
      }
      action={known && <StaffIntervalSelect value={interval} onChange={setStaffInterval} />}
      known={known}
      spacing={3}
    >
      {report.isPending && <PageLoader minHeight={300} />}
      {report.isError && !data && <ErrorState error={report.error} onRetry={() => report.refetch()} />}
      {data && (
        <>
          <Card component="section" aria-labelledby="users-title">
            <CardContent>
              <Typography variant="h2" id="users-title" sx={{ mb: 1 }}>
                {t("reports-common.users.title")}
              </Typography>
              <DataTable
                label={t("reports-common.users.title")}
                columns={columns}
                rows={data.users}
                rowKey={(u) => u.user.uid}
                loading={report.isFetching}
                emptyText={t("reports-common.users.empty")}
                initialSort={{ by: "name", direction: "asc" }}
              />
            </CardContent>
          </Card>
          <GeneralRanges
            report={data}
            saving={mutate.isPending && mutate.variables?.kind === "general"}
            onSave={saveGeneral}
          />
          <TuningDialog
            report={data}
            member={tuningMember}
            onClose={() => setTuning(null)}
            onSave={async (ranges) => {
              if (!tuningMember) return;
              await mutate.mutateAsync({ kind: "tuning", member: tuningMember.user.uid, ranges });
              notify(msg("saved"));
            }}
          />
        </>
      )}
    </ReportPage>
  );
}
