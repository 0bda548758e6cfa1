import {
  ALERT_MEASURES,
  alertKindOf,
  type Board,
  type BoardAlertRow,
  type BoardWear,
  measureOf,
  type ReportId,
  type Snooze,
  UI_VERSION,
} from "@mimamori/shared";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import InputAdornment from "@mui/material/InputAdornment";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type ComponentProps, type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAcknowledge } from "../../../api/alerts";
import { useBoard, useBoardChanged, useEndSnooze, useSnooze } from "../../../api/board";
import { staffPath, useEntityTimeZone, useWorkspace } from "../../../app/session/workspace";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { useNotify } from "../../../components/Notifier";
import { TimeZoneNote } from "../../../components/TimeZoneNote";
import { usePageTitle } from "../../../components/usePageTitle";
import { visuallyHidden } from "../../../components/visuallyHidden";
import { formatDate, formatNumber } from "../../../i18n/language";
import { useLanguage } from "../../../i18n/useLanguage";
import { AcknowledgeDialog } from "../../alerts/staff/AcknowledgeDialog";
import { stampOf } from "../../alerts/staff/alertColumns";
import { secondsOf } from "../../alerts/staff/alerts";
import { measureName, searchBoard, sortZoneRows, wearShares } from "./board";
import {
  alertColumns,
  alertText,
  type BoardContext,
  formColumns,
  silentColumns,
  snoozeColumns,
  zoneColumns,
} from "./boardColumns";
import { SnoozeDialog, type SnoozeTarget } from "./SnoozeDialog";

const BOARD_PAGE_SIZES = [10, 25, 50] as const;

/** One card of the board: a heading with its total, then its content. */
function Section({
  id,
  title,
  total,
  help,
  children,
}: {
  id: string;
  title: string;
  total?: string;
  help?: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h2" sx={{ mb: help ? 0.5 : 1 }}>
          {title}
          {total !== undefined && (
            <Box component="span" sx={{ ml: 1, color: "text.secondary", fontWeight: 400 }}>
              ({total})
            </Box>
          )}
        </Typography>
        {help && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {help}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** A card of rows: the area's title with its total, a help line, then its table with the area's empty text. */
function TableSection<T>({
  area,
  total,
  help,
  ...table
}: {
  area: "zones" | "snoozes" | "notSyncing" | "alerts" | "forms";
  total: string | undefined;
  help?: string;
} & Pick<ComponentProps<typeof DataTable<T>>, "columns" | "rows" | "rowKey" | "loading">) {
  const { t } = useTranslation();
  return (
    <Section id={`board-${area}`} title={t(`board-staff.${area}.title`)} total={total} help={help}>
      <DataTable
        label={t(`board-staff.${area}.tableLabel`)}
        emptyText={t(`board-staff.${area}.empty`)}
        pageSizes={BOARD_PAGE_SIZES}
        defaultPageSize={10}
        {...table}
      />
    </Section>
  );
}

/** Today's wear: today's share in words, then the week as one bar per day (no chart library). */
function WearSection({ wear, loading }: { wear: BoardWear | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const percent = (share: number | null) =>
    share === null ? "–" : formatNumber(share, language, { style: "percent", maximumFractionDigits: 0 });
  const title = t("board-staff.wear.title");
  if (!wear)
    return (
      <Section id="board-wear" title={title}>
        {loading && <Skeleton variant="rounded" height={120} aria-label={t("common.loading")} />}
      </Section>
    );
  const shares = wearShares(wear);
  return (
    <Section id="board-wear" title={title} total={percent(shares.today)}>
      {wear.members === 0 ? (
        <Typography color="text.secondary">{t("board-staff.wear.noMembers")}</Typography>
      ) : (
        <>
          <Typography>
            {t("board-staff.wear.today", {
              count: wear.today,
              members: wear.members,
              share: percent(shares.today),
            })}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            {t("board-staff.wear.weekAverage", { share: percent(shares.weekAverage) })}
          </Typography>
          <Box
            component="ul"
            aria-label={t("board-staff.wear.weekLabel")}
            sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 0.75 }}
          >
            {wear.week.map((day, i) => {
              const share = shares.week[i]?.share ?? null;
              const date = formatDate(new Date(`${day.date}T00:00:00Z`), language, {
                month: "numeric",
                day: "numeric",
                weekday: "short",
                timeZone: "UTC",
              });
              return (
                <Box
                  component="li"
                  key={day.date}
                  sx={{
                    display: "grid",
                    gridTemplateColumns: "minmax(84px, auto) minmax(0, 1fr) 3.5em",
                    gap: 1,
                    alignItems: "center",
                  }}
                >
                  <Box component="span" aria-hidden sx={{ whiteSpace: "nowrap" }}>
                    {date}
                  </Box>
                  <Box
                    aria-hidden
                    sx={{ height: 10, borderRadius: 5, bgcolor: "action.hover", overflow: "hidden" }}
                  >
                    <Box sx={{ width: `${(share ?? 0) * 100}%`, height: "100%", bgcolor: "primary.main" }} />
                  </Box>
                  <Box component="span" aria-hidden sx={{ textAlign: "right" }}>
                    {percent(share)}
                  </Box>
                  <Box component="span" sx={visuallyHidden}>
                    {t("board-staff.wear.day", { date, count: day.members, share: percent(share) })}
                  </Box>
                </Box>
              );
            })}
          </Box>
        </>
      )}
    </Section>
  );
}

/**
 * /staff and /staff/devices (issue 28 §1): the watch board of the current entity — red and yellow now, snoozes,
 * bands not syncing, open alerts, forms waiting and today's wear — searchable, filtered by measure; rows open
 * the member's chart at that moment, the alert in the list or the form's answers. Times in the entity's zone.
 */
export function BoardPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const { workspace, name: entityName } = useWorkspace(true);
  const ws = workspace ?? "";
  // the board's day (today's wear) is the entity's: the query waits for its zone, as the entity's times do
  const timezone = useEntityTimeZone();
  const [reportId, setReportId] = useState<ReportId | "">("");
  const [search, setSearch] = useState("");
  const query = useMemo(
    () => (timezone ? (reportId ? { timezone, report_id: reportId } : { timezone }) : null),
    [timezone, reportId],
  );
  const board = useBoard(workspace, query);
  const acknowledge = useAcknowledge(ws);
  const boardChanged = useBoardChanged(ws);
  const snooze = useSnooze(ws);
  const endSnooze = useEndSnooze(ws);
  const [acking, setAcking] = useState<{ open: boolean; alert: BoardAlertRow | null }>({
    open: false,
    alert: null,
  });
  const [snoozing, setSnoozing] = useState<{ open: boolean; target: SnoozeTarget | null }>({
    open: false,
    target: null,
  });
  const [ending, setEnding] = useState<{ open: boolean; snooze: Snooze | null }>({
    open: false,
    snooze: null,
  });
  usePageTitle(t("board-staff.title"));

  const data: Board | undefined = useMemo(
    () =>
      board.data ? searchBoard({ ...board.data, zones: sortZoneRows(board.data.zones) }, search) : undefined,
    [board.data, search],
  );
  const zone = board.data?.entity.time_zone ?? timezone ?? "UTC";
  const context: BoardContext = {
    t,
    language,
    timezone: zone,
    now: board.data ? secondsOf(board.data.generated_at) : Math.floor(Date.now() / 1000),
    linkOf: (path) => staffPath(path, workspace),
    onSnooze: (row) =>
      setSnoozing({
        open: true,
        target: {
          uid: row.user.uid,
          name: row.user.name,
          reportId: row.report_id,
          measure: measureName(row.report_id, language),
        },
      }),
    onAcknowledge: (alert) => setAcking({ open: true, alert }),
    onEndSnooze: (s) => setEnding({ open: true, snooze: s }),
  };
  const loading = board.isPending && !!workspace;
  const searching = search.trim() !== "";
  // while a search narrows the lists, a heading counts what is shown; otherwise the entity's totals
  const count = (shown: number | undefined, total: number | undefined) =>
    data ? String(searching ? shown : total) : undefined;
  const ackAlert = acking.alert;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1">{t("board-staff.title")}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t("board-staff.intro", { entity: board.data?.entity.name ?? entityName ?? ws })}
        </Typography>
        {board.data && (
          <>
            <TimeZoneNote zone={zone} clock="entity" sx={{ mt: 0.5 }} />
            <Typography variant="body2" color="text.secondary">
              {t("board-staff.updated", { time: stampOf(board.data.generated_at, zone) })}
            </Typography>
          </>
        )}
      </Box>
      <Card>
        <CardContent>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              type="search"
              autoComplete="off"
              label={t("board-staff.search.label")}
              helperText={t("board-staff.search.help")}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ flex: 2 }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchOutlined aria-hidden />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TextField
              select
              label={t("board-staff.filter.label")}
              value={reportId}
              onChange={(e) => setReportId(e.target.value as ReportId | "")}
              sx={{ flex: 1, minWidth: 180 }}
            >
              <MenuItem value="">{t("board-staff.filter.all")}</MenuItem>
              {ALERT_MEASURES.map((m) => (
                <MenuItem key={m.id} value={m.id}>
                  {m.name[language]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </CardContent>
      </Card>
      {board.isError && <ErrorState error={board.error} onRetry={() => board.refetch()} />}
      {/* a failed load says so above; empty lists would say "nobody", which is not known */}
      {!board.isError && (
        <>
          <TableSection
            area="zones"
            total={
              data
                ? searching
                  ? t("board-staff.zones.totals", {
                      red: data.zones.filter((z) => z.zone === "red").length,
                      yellow: data.zones.filter((z) => z.zone === "yellow").length,
                    })
                  : t("board-staff.zones.totals", data.zones_total)
                : undefined
            }
            columns={zoneColumns(context)}
            rows={data?.zones}
            rowKey={(r) => `${r.user.uid}-${r.report_id}`}
            loading={loading}
          />
          <TableSection
            area="snoozes"
            total={count(data?.snoozes.length, data?.snoozes_total)}
            columns={snoozeColumns(context)}
            rows={data?.snoozes}
            rowKey={(s) => String(s.id)}
            loading={loading}
          />
          <TableSection
            area="notSyncing"
            total={count(data?.not_syncing.length, data?.not_syncing_total)}
            help={data ? t("board-staff.notSyncing.help", { hours: data.sync_length_hours }) : undefined}
            columns={silentColumns(context, board.data?.generated_at ?? new Date().toISOString())}
            rows={data?.not_syncing}
            rowKey={(r) => r.user.uid}
            loading={loading}
          />
          <TableSection
            area="alerts"
            total={count(data?.open_alerts.length, data?.open_alerts_total)}
            columns={alertColumns(context)}
            rows={data?.open_alerts}
            rowKey={(a) => String(a.id)}
            loading={loading}
          />
          <TableSection
            area="forms"
            total={count(data?.forms_waiting.length, data?.forms_waiting_total)}
            columns={formColumns(context)}
            rows={data?.forms_waiting}
            rowKey={(f) => `${f.form_id}-${f.sent_order}`}
            loading={loading}
          />
          <WearSection wear={data?.wear} loading={loading} />
        </>
      )}
      <Stack
        component="footer"
        direction={{ xs: "column", sm: "row" }}
        spacing={{ xs: 1, sm: 3 }}
        sx={{ color: "text.secondary" }}
      >
        <Typography variant="body2">{t("home.version", { version: UI_VERSION })}</Typography>
        <Link variant="body2" href="/about">
          {t("home.about")}
        </Link>
        <Link variant="body2" href="/supporters">
          {t("home.supporters")}
        </Link>
      </Stack>
      <AcknowledgeDialog
        open={acking.open}
        kind={
          ackAlert
            ? alertKindOf(
                ackAlert.notification_type,
                ackAlert.report_id ? measureOf(ackAlert.report_id).measure : null,
              )
            : "vital"
        }
        about={
          ackAlert
            ? t("alerts-staff.ack.about", {
                name: ackAlert.user.name,
                detail: alertText(ackAlert, context),
                time: stampOf(ackAlert.time, zone),
              })
            : ""
        }
        onClose={() => setAcking((a) => ({ ...a, open: false }))}
        onSave={(action, note) =>
          ackAlert
            ? acknowledge
                .mutateAsync({ id: ackAlert.id, body: { action, note } })
                .then(() => boardChanged())
                .then(() => notify(t("alerts-staff.ack.done"), "success"))
            : Promise.resolve()
        }
        onConflict={() => void boardChanged()}
      />
      <SnoozeDialog
        open={snoozing.open}
        target={snoozing.target}
        onClose={() => setSnoozing((s) => ({ ...s, open: false }))}
        onSave={(minutes, reason) => {
          const target = snoozing.target;
          if (!target) return Promise.resolve();
          return snooze
            .mutateAsync({ user_id: target.uid, report_id: target.reportId, minutes, reason })
            .then(() => notify(t("board-staff.snooze.done"), "success"));
        }}
      />
      <ConfirmDialog
        open={ending.open}
        title={t("board-staff.snoozes.endTitle")}
        confirmLabel={t("board-staff.snoozes.end")}
        onClose={() => setEnding((e) => ({ ...e, open: false }))}
        onConfirm={async () => {
          if (!ending.snooze) return;
          try {
            await endSnooze.mutateAsync(ending.snooze.id);
          } catch (err) {
            // ended by someone else meanwhile: the dialog says so and the board catches up
            void boardChanged();
            throw err;
          }
          notify(t("board-staff.snoozes.ended"), "success");
        }}
      >
        <Typography sx={{ overflowWrap: "anywhere" }}>
          {ending.snooze
            ? t("board-staff.snoozes.endBody", {
                name: ending.snooze.user.name,
                measure: measureName(ending.snooze.report_id, language),
              })
            : ""}
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
