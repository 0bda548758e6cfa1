import { ACK_ACTION_NAMES, type Language, type Notification } from "@mimamori/shared";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { TFunction } from "i18next";
import type { Column } from "../../../components/DataTable";
import { valueColumn } from "../../../components/valueColumn";
import { visuallyHidden } from "../../../components/visuallyHidden";
import { formatStamp } from "../../reports/common/window";
import { ZoneBadge } from "../../reports/common/ZoneBadge";
import { reportLinkOf, reportNameOf, secondsOf, valueText } from "./alerts";

export interface ColumnContext {
  t: TFunction;
  language: Language;
  timezone: string;
  /** Adds the workspace to an in-app path. */
  linkOf: (path: string) => string;
  onAcknowledge: (n: Notification) => void;
  onDelete: (n: Notification) => void;
}

/** "YYYY/MM/DD HH:mm" of an ISO instant in `timezone`, the entity's (§9; docs/decisions.md "Times"). */
export const stampOf = (iso: string, timezone: string) => formatStamp(secondsOf(iso), timezone);

/** A time of a table cell, kept on one line. */
const Stamp = ({ iso, timezone }: { iso: string; timezone: string }) => (
  <Box component="span" sx={{ whiteSpace: "nowrap" }}>
    {stampOf(iso, timezone)}
  </Box>
);

/** What an alert is about, in words: "Heat stress 31.2 pts" or "Out of sync". */
export function alertDetail(n: Notification, c: Pick<ColumnContext, "t" | "language">): string {
  return n.report
    ? `${reportNameOf(n.report, c.language)} ${valueText(n, c.language)}`
    : c.t("alerts-staff.outOfSync");
}

function EmailCell({ n, c }: { n: Notification; c: ColumnContext }) {
  if (n.email_status === "sent" && n.email_sent_at)
    return <Stamp iso={n.email_sent_at} timezone={c.timezone} />;
  // no SMTP (development): the mail is in the development mailbox, where staff read it
  if (n.email_status === "dev_mailbox")
    return (
      <>
        {n.email_sent_at && <Stamp iso={n.email_sent_at} timezone={c.timezone} />}
        <Typography variant="body2" component="span" sx={{ display: "block" }}>
          <Link href={c.linkOf("/staff/mailbox")}>{c.t("alerts-staff.emailStatus.dev_mailbox")}</Link>
        </Typography>
      </>
    );
  if (n.email_status === "failed")
    return (
      <Chip size="small" color="error" variant="outlined" label={c.t("alerts-staff.emailStatus.failed")} />
    );
  const key = n.email_status === "pending" ? "pending" : "none";
  return (
    <Typography variant="body2" component="span" color="text.secondary">
      {c.t(`alerts-staff.emailStatus.${key}`)}
    </Typography>
  );
}

function MemberCell({ n, c }: { n: Notification; c: ColumnContext }) {
  const measure = n.report ? reportNameOf(n.report, c.language) : c.t("alerts-staff.outOfSync");
  return (
    <>
      <Link
        href={c.linkOf(reportLinkOf(n))}
        aria-label={c.t("alerts-staff.openReport", {
          name: n.user.name,
          measure,
          time: stampOf(n.time, c.timezone),
        })}
        sx={{ fontWeight: n.is_seen ? undefined : 600 }}
      >
        {n.user.name}
      </Link>
      {!n.is_seen && <Chip size="small" color="primary" label={c.t("alerts-staff.new")} sx={{ ml: 1 }} />}
    </>
  );
}

function AckCell({ n, c }: { n: Notification; c: ColumnContext }) {
  const ack = n.acknowledged;
  return (
    <Box sx={{ minWidth: 0 }}>
      {ack ? (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {ACK_ACTION_NAMES[ack.action][c.language]}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {c.t("alerts-staff.ack.by", { name: ack.by.name, time: stampOf(ack.at, c.timezone) })}
          </Typography>
          {ack.note && (
            <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {ack.note}
            </Typography>
          )}
        </>
      ) : (
        <Button
          size="small"
          variant="outlined"
          onClick={() => c.onAcknowledge(n)}
          sx={{ whiteSpace: "nowrap" }}
        >
          {c.t("alerts-staff.ack.button")}
          {/* the visible word starts the accessible name (WCAG 2.5.3); the member completes it */}
          <Box component="span" sx={visuallyHidden}>
            {c.t("alerts-staff.ack.buttonFor", { name: n.user.name })}
          </Box>
        </Button>
      )}
      {n.escalated_at && (
        <Typography variant="body2" color="error.dark" sx={{ mt: 0.5 }}>
          {c.t("alerts-staff.escalated", { time: stampOf(n.escalated_at, c.timezone) })}
        </Typography>
      )}
    </Box>
  );
}

const emailSentColumn = (c: ColumnContext): Column<Notification> => ({
  id: "emailSent",
  label: c.t("alerts-staff.columns.emailSent"),
  // unsent rows sort after the sent ones, oldest first
  sortValue: (n) => (n.email_sent_at ? secondsOf(n.email_sent_at) : Number.MAX_SAFE_INTEGER),
  render: (n) => <EmailCell n={n} c={c} />,
  minWidth: 130,
});

const memberColumn = (c: ColumnContext): Column<Notification> => ({
  id: "member",
  label: c.t("alerts-staff.columns.member"),
  sortValue: (n) => n.user.name,
  render: (n) => <MemberCell n={n} c={c} />,
  minWidth: 120,
});

const ackColumn = (c: ColumnContext): Column<Notification> => ({
  id: "acknowledged",
  label: c.t("alerts-staff.columns.acknowledged"),
  render: (n) => <AckCell n={n} c={c} />,
  minWidth: 160,
});

const deleteColumn = (c: ColumnContext): Column<Notification> => ({
  id: "actions",
  label: c.t("alerts-staff.columns.actions"),
  hideLabel: true,
  align: "right",
  width: 64,
  render: (n) => (
    <Tooltip title={c.t("alerts-staff.delete.button")}>
      <IconButton
        color="error"
        aria-label={c.t("alerts-staff.delete.buttonFor", { name: n.user.name })}
        onClick={() => c.onDelete(n)}
      >
        <DeleteOutlined />
      </IconButton>
    </Tooltip>
  ),
});

/** The synchronization table (spec §2): e-mail sent date, member, e-mail, last sync, open or cleared. */
export function syncColumns(c: ColumnContext): Column<Notification>[] {
  return [
    emailSentColumn(c),
    memberColumn(c),
    valueColumn("email", c.t("alerts-staff.columns.email"), (n) => n.user.email),
    {
      id: "lastSync",
      label: c.t("alerts-staff.columns.lastSync"),
      sortValue: (n) => secondsOf(n.time),
      render: (n) => <Stamp iso={n.time} timezone={c.timezone} />,
      minWidth: 130,
    },
    {
      id: "status",
      label: c.t("alerts-staff.columns.status"),
      sortValue: (n) => (n.cleared_at ? 1 : 0),
      render: (n) =>
        n.cleared_at ? (
          <Typography variant="body2" component="span" color="text.secondary">
            {c.t("alerts-staff.status.cleared", { time: stampOf(n.cleared_at, c.timezone) })}
          </Typography>
        ) : (
          <Chip size="small" color="warning" label={c.t("alerts-staff.status.open")} />
        ),
    },
    ackColumn(c),
    deleteColumn(c),
  ];
}

/** The measurement table (spec §2): e-mail sent date, member, measure, value with unit and zone, time. */
export function measurementColumns(c: ColumnContext): Column<Notification>[] {
  return [
    emailSentColumn(c),
    memberColumn(c),
    {
      id: "measure",
      label: c.t("alerts-staff.columns.measure"),
      sortValue: (n) => (n.report ? reportNameOf(n.report, c.language) : ""),
      render: (n) => (n.report ? reportNameOf(n.report, c.language) : "–"),
    },
    {
      id: "value",
      label: c.t("alerts-staff.columns.value"),
      align: "right",
      sortValue: (n) => n.value ?? Number.NEGATIVE_INFINITY,
      render: (n) => <ZoneBadge zone={n.scope}>{valueText(n, c.language)}</ZoneBadge>,
    },
    {
      id: "time",
      label: c.t("alerts-staff.columns.time"),
      sortValue: (n) => secondsOf(n.time),
      render: (n) => <Stamp iso={n.time} timezone={c.timezone} />,
      minWidth: 130,
    },
    ackColumn(c),
    deleteColumn(c),
  ];
}
