import type {
  BoardAlertRow,
  BoardFormRow,
  BoardSilentRow,
  BoardZoneRow,
  Language,
  ReportId,
  Snooze,
} from "@mimamori/shared";
import SnoozeOutlined from "@mui/icons-material/SnoozeOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { TFunction } from "i18next";
import type { Column } from "../../../components/DataTable";
import { visuallyHidden } from "../../../components/visuallyHidden";
import { stampOf } from "../../alerts/staff/alertColumns";
import { secondsOf } from "../../alerts/staff/alerts";
import { ZoneBadge } from "../../reports/common/ZoneBadge";
import {
  alertListLink,
  chartLinkOf,
  durationText,
  formAnswersLink,
  measureName,
  valueWithUnit,
} from "./board";

export interface BoardContext {
  t: TFunction;
  language: Language;
  /** The entity's zone: every time of the board is shown in it. */
  timezone: string;
  /** The board's time (the server's "now"), for ages and time left. */
  now: number;
  /** Adds the workspace to an in-app path. */
  linkOf: (path: string) => string;
  onSnooze: (row: { user: BoardZoneRow["user"]; report_id: ReportId }) => void;
  onAcknowledge: (row: BoardAlertRow) => void;
  onEndSnooze: (snooze: Snooze) => void;
}

const Stamp = ({ iso, timezone }: { iso: string; timezone: string }) => (
  <Box component="span" sx={{ whiteSpace: "nowrap" }}>
    {stampOf(iso, timezone)}
  </Box>
);

const secondsSince = (iso: string, now: number) => now - secondsOf(iso);

/** The member's name, opening their chart at the row's moment (ids only in the link). */
function MemberLink({
  user,
  reportId,
  time,
  measure,
  c,
}: {
  user: BoardZoneRow["user"];
  reportId: ReportId | null;
  time: string;
  measure: string;
  c: BoardContext;
}) {
  return (
    <Link
      href={c.linkOf(chartLinkOf(user, reportId, time))}
      aria-label={c.t("alerts-staff.openReport", {
        name: user.name,
        measure,
        time: stampOf(time, c.timezone),
      })}
      sx={{ fontWeight: 600 }}
    >
      {user.name}
    </Link>
  );
}

function SnoozeButton({
  row,
  c,
}: {
  row: { user: BoardZoneRow["user"]; report_id: ReportId };
  c: BoardContext;
}) {
  return (
    <RowButton
      variant="outlined"
      onClick={() => c.onSnooze(row)}
      label={c.t("board-staff.snooze.button")}
      hiddenLabel={c.t("board-staff.snooze.buttonFor", {
        name: row.user.name,
        measure: measureName(row.report_id, c.language),
      })}
    />
  );
}

/** A row's small action button; `hiddenLabel` names the row for screen readers. */
function RowButton(props: {
  label: string;
  hiddenLabel: string;
  onClick: () => void;
  variant?: "outlined" | "contained";
  color?: "error";
}) {
  return (
    <Button
      size="small"
      variant={props.variant}
      color={props.color}
      onClick={props.onClick}
      sx={{ whiteSpace: "nowrap" }}
    >
      {props.label}
      <Box component="span" sx={visuallyHidden}>
        {props.hiddenLabel}
      </Box>
    </Button>
  );
}

const memberColumn = <T extends { user: BoardZoneRow["user"] }>(
  c: BoardContext,
  link: (row: T) => { reportId: ReportId | null; time: string; measure: string },
): Column<T> => ({
  id: "member",
  label: c.t("board-staff.columns.member"),
  sortValue: (r) => r.user.name,
  render: (r) => <MemberLink user={r.user} c={c} {...link(r)} />,
  minWidth: 120,
});

/** The member column of a row about one measure: the link opens that measure's report at `time`. */
const measureMemberColumn = <T extends { user: BoardZoneRow["user"]; report_id: ReportId }>(
  c: BoardContext,
  time: (row: T) => string,
): Column<T> =>
  memberColumn(c, (r) => ({
    reportId: r.report_id,
    time: time(r),
    measure: measureName(r.report_id, c.language),
  }));

/** Red now, then yellow: member, measure, value and unit, time, how long, snooze. */
export function zoneColumns(c: BoardContext): Column<BoardZoneRow>[] {
  return [
    measureMemberColumn(c, (r) => r.at),
    {
      id: "measure",
      label: c.t("board-staff.columns.measure"),
      sortValue: (r) => measureName(r.report_id, c.language),
      render: (r) => (
        <>
          {measureName(r.report_id, c.language)}
          {r.ranges === "tuned" && (
            <Chip size="small" variant="outlined" label={c.t("board-staff.zones.tuned")} sx={{ ml: 1 }} />
          )}
        </>
      ),
    },
    {
      id: "value",
      label: c.t("board-staff.columns.value"),
      align: "right",
      render: (r) => (
        <ZoneBadge zone={r.zone}>{valueWithUnit(r.report_id, r.value, r.unit, c.language)}</ZoneBadge>
      ),
    },
    {
      id: "time",
      label: c.t("board-staff.columns.time"),
      sortValue: (r) => secondsOf(r.at),
      render: (r) => <Stamp iso={r.at} timezone={c.timezone} />,
      minWidth: 130,
    },
    {
      id: "since",
      label: c.t("board-staff.columns.since"),
      sortValue: (r) => (r.since ? secondsOf(r.since) : Number.MAX_SAFE_INTEGER),
      render: (r) =>
        r.since
          ? c.t(`board-staff.zones.for.${r.zone}`, {
              duration: durationText(secondsSince(r.since, c.now), c.t),
            })
          : c.t("board-staff.zones.sinceUnknown"),
    },
    {
      id: "snooze",
      label: c.t("board-staff.columns.snooze"),
      render: (r) =>
        r.snoozed_until ? (
          <Chip
            size="small"
            icon={<SnoozeOutlined />}
            variant="outlined"
            label={c.t("board-staff.zones.snoozedUntil", { time: stampOf(r.snoozed_until, c.timezone) })}
          />
        ) : (
          <SnoozeButton row={r} c={c} />
        ),
    },
  ];
}

/** Active snoozes: member and measure, until, reason, by whom, End snooze. */
export function snoozeColumns(c: BoardContext): Column<Snooze>[] {
  return [
    measureMemberColumn(c, (s) => s.starts_at),
    {
      id: "measure",
      label: c.t("board-staff.columns.measure"),
      render: (s) => measureName(s.report_id, c.language),
    },
    {
      id: "until",
      label: c.t("board-staff.columns.snooze"),
      sortValue: (s) => secondsOf(s.until),
      render: (s) => (
        <>
          <Typography variant="body2" sx={{ whiteSpace: "nowrap" }}>
            {c.t("board-staff.snoozes.until", { time: stampOf(s.until, c.timezone) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {c.t("board-staff.snoozes.by", { name: s.by.name })}
          </Typography>
        </>
      ),
    },
    {
      id: "reason",
      label: c.t("board-staff.snoozes.reason"),
      render: (s) => <Box sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{s.reason}</Box>,
    },
    {
      id: "actions",
      label: c.t("board-staff.columns.actions"),
      hideLabel: true,
      align: "right",
      render: (s) => (
        <RowButton
          color="error"
          onClick={() => c.onEndSnooze(s)}
          label={c.t("board-staff.snoozes.end")}
          hiddenLabel={c.t("board-staff.snoozes.endFor", {
            name: s.user.name,
            measure: measureName(s.report_id, c.language),
          })}
        />
      ),
    },
  ];
}

/** Not syncing: member, last sync (or never), how long silent. */
export function silentColumns(c: BoardContext, nowIso: string): Column<BoardSilentRow>[] {
  return [
    memberColumn(c, (r) => ({
      reportId: null,
      time: r.last_sync_at ?? nowIso,
      measure: c.t("alerts-staff.outOfSync"),
    })),
    {
      id: "lastSync",
      label: c.t("board-staff.columns.lastSync"),
      sortValue: (r) => (r.last_sync_at ? secondsOf(r.last_sync_at) : 0),
      render: (r) =>
        r.last_sync_at ? (
          <Stamp iso={r.last_sync_at} timezone={c.timezone} />
        ) : (
          <Chip size="small" color="warning" variant="outlined" label={c.t("board-staff.notSyncing.never")} />
        ),
      minWidth: 130,
    },
    {
      id: "silentFor",
      label: c.t("board-staff.columns.silentFor"),
      render: (r) =>
        r.last_sync_at
          ? c.t("board-staff.notSyncing.ago", {
              duration: durationText(secondsSince(r.last_sync_at, c.now), c.t),
            })
          : "–",
    },
  ];
}

/** What an open alert is about: "Heat stress 31.2 pts" or "Out of sync". */
export function alertText(a: BoardAlertRow, c: Pick<BoardContext, "t" | "language">): string {
  if (!a.report_id) return c.t("alerts-staff.outOfSync");
  const value = a.value === null ? "" : ` ${valueWithUnit(a.report_id, a.value, a.unit ?? "", c.language)}`;
  return `${measureName(a.report_id, c.language)}${value}`;
}

function EscalationCell({ a, c }: { a: BoardAlertRow; c: BoardContext }) {
  if (a.escalated_at)
    return (
      <Typography variant="body2" color="error.dark">
        {c.t("board-staff.alerts.escalated", { time: stampOf(a.escalated_at, c.timezone) })}
      </Typography>
    );
  if (!a.escalates_at)
    return (
      <Typography variant="body2" color="text.secondary">
        {c.t("board-staff.alerts.noEscalation")}
      </Typography>
    );
  const left = secondsOf(a.escalates_at) - c.now;
  return (
    <Typography variant="body2" color="warning.dark" sx={{ fontWeight: 600 }}>
      {left > 0
        ? c.t("board-staff.alerts.escalatesIn", { duration: durationText(left, c.t) })
        : c.t("board-staff.alerts.escalatesNow")}
    </Typography>
  );
}

function MailedCell({ a, c }: { a: BoardAlertRow; c: BoardContext }) {
  if (a.snoozed)
    return (
      <Chip
        size="small"
        icon={<SnoozeOutlined />}
        variant="outlined"
        label={c.t("board-staff.alerts.snoozed")}
      />
    );
  if (a.mailed.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {c.t("board-staff.alerts.nobodyMailed")}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {a.mailed.map((m, i) => (
        // the same person may be told twice (e.g. escalation): index keeps the keys apart
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
        <Typography component="li" variant="body2" key={`${m.name}-${i}`}>
          {m.name}{" "}
          <Box component="span" sx={{ color: m.status === "failed" ? "error.dark" : "text.secondary" }}>
            ({c.t(`board-staff.alerts.mailStatus.${m.status}`, { defaultValue: m.status })}
            {m.kind === "escalation" && `, ${c.t("board-staff.alerts.escalationMail")}`})
          </Box>
        </Typography>
      ))}
    </Box>
  );
}

/** Open alerts: member, alert (to the list), raised, mailed, escalation, acknowledge and snooze. */
export function alertColumns(c: BoardContext): Column<BoardAlertRow>[] {
  return [
    memberColumn(c, (a) => ({ reportId: a.report_id, time: a.time, measure: alertText(a, c) })),
    {
      id: "alert",
      label: c.t("board-staff.columns.alert"),
      render: (a) => (
        <Link href={c.linkOf(alertListLink(a, c.timezone))}>
          {alertText(a, c)}
          <Box component="span" sx={visuallyHidden}>
            {` – ${c.t("board-staff.alerts.inList")}`}
          </Box>
        </Link>
      ),
    },
    {
      id: "age",
      label: c.t("board-staff.columns.age"),
      sortValue: (a) => secondsOf(a.created_at),
      render: (a) => (
        <>
          <Typography variant="body2">
            {c.t("board-staff.alerts.ago", {
              duration: durationText(secondsSince(a.created_at, c.now), c.t),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <Stamp iso={a.created_at} timezone={c.timezone} />
          </Typography>
        </>
      ),
      minWidth: 130,
    },
    {
      id: "mailed",
      label: c.t("board-staff.columns.mailed"),
      render: (a) => <MailedCell a={a} c={c} />,
    },
    {
      id: "escalation",
      label: c.t("board-staff.columns.escalation"),
      render: (a) => <EscalationCell a={a} c={c} />,
    },
    {
      id: "actions",
      label: c.t("board-staff.columns.actions"),
      hideLabel: true,
      render: (a) => {
        const reportId = a.report_id;
        return (
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
            <RowButton
              variant="contained"
              onClick={() => c.onAcknowledge(a)}
              label={c.t("alerts-staff.ack.button")}
              hiddenLabel={c.t("alerts-staff.ack.buttonFor", { name: a.user.name })}
            />
            {reportId && <SnoozeButton row={{ user: a.user, report_id: reportId }} c={c} />}
          </Stack>
        );
      },
    },
  ];
}

/** Forms waiting: the form and send (to its answers), sent, answered / sent, overdue. */
export function formColumns(c: BoardContext): Column<BoardFormRow>[] {
  return [
    {
      id: "form",
      label: c.t("board-staff.columns.form"),
      sortValue: (f) => f.name,
      render: (f) => (
        <Link href={c.linkOf(formAnswersLink(f.form_id))} sx={{ fontWeight: 600 }}>
          {f.name}{" "}
          <Box component="span" sx={{ fontWeight: 400 }}>
            ({c.t("board-staff.forms.send", { order: f.sent_order })})
          </Box>
        </Link>
      ),
      minWidth: 140,
    },
    {
      id: "sentAt",
      label: c.t("board-staff.columns.sentAt"),
      sortValue: (f) => secondsOf(f.sent_at),
      render: (f) => <Stamp iso={f.sent_at} timezone={c.timezone} />,
      minWidth: 130,
    },
    {
      id: "answered",
      label: c.t("board-staff.columns.answered"),
      sortValue: (f) => (f.total > 0 ? f.answered / f.total : 0),
      render: (f) => c.t("board-staff.forms.answered", { answered: f.answered, total: f.total }),
    },
    {
      id: "overdue",
      label: c.t("board-staff.columns.overdue"),
      sortValue: (f) => f.overdue,
      render: (f) =>
        f.overdue > 0 ? (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            label={c.t("board-staff.forms.overdue", { count: f.overdue })}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {c.t("board-staff.forms.noneOverdue")}
          </Typography>
        ),
    },
  ];
}
