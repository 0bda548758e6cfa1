import type {
  AdminExportQuery,
  CsvQuery,
  EntityKpis,
  Report,
  ReportList,
  ReportQuery,
  StaffRangesBody,
  StaffReport,
  StaffReportQuery,
  TimezoneQuery,
  TuningStateBody,
  ZoneRanges,
} from "@mimamori/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLanguage } from "../i18n/useLanguage";
import { api } from "./client";
import { useSessionState } from "./hooks";

const seg = encodeURIComponent;

/** A chart window of the report calls (unix seconds, end exclusive): the server's `reportQuerySchema`. */
export type WindowQuery = ReportQuery;
/** A CSV download's period: the server's `csvQuerySchema`. */
export type CsvRequest = CsvQuery;
/** An admin data export: the server's `adminExportQuerySchema`, `format` left to its default (csv). */
export type AdminExportRequest = Omit<AdminExportQuery, "format">;

const qs = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return q.toString();
};

/** Typed calls of the band reports: client, staff, mobile and admin. */
export const reportEndpoints = {
  // Client (own data)
  cards: (timezone: string) =>
    api.get<ReportList>(`/user/reports/resq_band?${qs({ timezone } satisfies TimezoneQuery)}`),
  report: (id: string, q: WindowQuery, idToken?: string) =>
    api.get<Report>(`/user/reports/resq_band/${seg(id)}?${qs({ ...q })}`, idToken ? { idToken } : undefined),
  ownCsvPath: (id: string, q: CsvRequest) => `/user/reports/resq_band/${seg(id)}/download?${qs({ ...q })}`,

  // Staff of a workspace
  staffReport: (ws: string, id: string, timezone: string, interval: number) =>
    api.get<StaffReport>(
      `/staff/${seg(ws)}/reports_v2/${seg(id)}?${qs({ timezone, interval } satisfies StaffReportQuery)}`,
    ),
  saveGeneralRanges: (ws: string, id: string, timezone: string, interval: number, ranges: ZoneRanges) =>
    api.post<StaffReport>(
      `/staff/${seg(ws)}/reports_v2/${seg(id)}?${qs({ timezone } satisfies Pick<StaffReportQuery, "timezone">)}`,
      { ...ranges, interval } satisfies StaffRangesBody,
    ),
  saveTuning: (ws: string, id: string, uid: string, timezone: string, interval: number, ranges: ZoneRanges) =>
    api.post<StaffReport>(
      `/staff/${seg(ws)}/reports_v2/${seg(id)}/tuning/${seg(uid)}?${qs({ timezone } satisfies Pick<StaffReportQuery, "timezone">)}`,
      { ...ranges, interval } satisfies StaffRangesBody,
    ),
  setTuned: (ws: string, id: string, uid: string, timezone: string, interval: number, isTuned: boolean) =>
    api.put<StaffReport>(
      `/staff/${seg(ws)}/reports_v2/${seg(id)}/tuning/${seg(uid)}?${qs({ timezone, interval } satisfies StaffReportQuery)}`,
      { isTuned } satisfies TuningStateBody,
    ),
  kpis: (ws: string, timezone: string, interval: number) =>
    api.get<EntityKpis>(
      `/staff/${seg(ws)}/reports_v2/kpis?${qs({ timezone, interval } satisfies StaffReportQuery)}`,
    ),
  memberReport: (ws: string, id: string, uid: string, q: WindowQuery) =>
    api.get<Report>(`/staff/${seg(ws)}/reports/${seg(id)}/${seg(uid)}?${qs({ ...q })}`),
  memberCsvPath: (ws: string, id: string, uid: string, q: CsvRequest) =>
    `/staff/${seg(ws)}/reports/${seg(id)}/${seg(uid)}/download?${qs({ ...q })}`,

  // Admin (super user): every user's data
  allUsersCsvPath: (q: AdminExportRequest) => `/admin/users/data/download?${qs({ ...q })}`,
};

/** Query keys carry the user id (or the mobile token) so one person's data never shows for the next. */
export const reportKeys = {
  cards: (uid: string, tz: string) => ["user", uid, "reports", "cards", tz] as const,
  report: (uid: string, id: string, q: WindowQuery) => ["user", uid, "reports", id, q] as const,
  staffReport: (uid: string, ws: string, id: string, tz: string, interval: number) =>
    ["user", uid, "staff", ws, "reports", id, tz, interval] as const,
  staffReports: (uid: string, ws: string, id: string) => ["user", uid, "staff", ws, "reports", id] as const,
  kpis: (uid: string, ws: string, tz: string, interval: number) =>
    ["user", uid, "staff", ws, "kpis", tz, interval] as const,
  memberReport: (uid: string, ws: string, id: string, member: string, q: WindowQuery) =>
    ["user", uid, "staff", ws, "member-report", id, member, q] as const,
};

/** The user id, or null before the session is known; with the UI language, whose names and units answers carry. */
function useUidWithLanguage(): string | null {
  const uid = useSessionState().user?.uid ?? null;
  const language = useLanguage();
  return uid ? `${uid}:${language}` : null;
}

export function useReportCards(timezone: string) {
  const uid = useUidWithLanguage();
  return useQuery({
    queryKey: reportKeys.cards(uid ?? "-", timezone),
    queryFn: () => reportEndpoints.cards(timezone),
    enabled: !!uid,
  });
}

/** A chart of one's own report; keeps the previous chart on screen while the next window loads. */
export function useOwnReport(id: string, q: WindowQuery, enabled = true) {
  const uid = useUidWithLanguage();
  return useQuery({
    queryKey: reportKeys.report(uid ?? "-", id, q),
    queryFn: () => reportEndpoints.report(id, q),
    enabled: enabled && !!uid,
    placeholderData: keepPreviousData,
  });
}

/** The mobile view's chart, with the id token of its URL (no session of this browser is involved). */
export function useMobileReport(id: string, q: WindowQuery, idToken: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["mobile", idToken.slice(-16), language, "reports", id, q] as const,
    queryFn: () => reportEndpoints.report(id, q, idToken),
    enabled: !!idToken,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useStaffReport(ws: string, id: string, timezone: string, interval: number) {
  const uid = useUidWithLanguage();
  return useQuery({
    queryKey: reportKeys.staffReport(uid ?? "-", ws, id, timezone, interval),
    queryFn: () => reportEndpoints.staffReport(ws, id, timezone, interval),
    enabled: !!uid && !!ws,
    placeholderData: keepPreviousData,
  });
}

/** Saves general ranges or a member's tuning; the answer (the refreshed report) replaces the cached one. */
export function useStaffReportMutation(ws: string, id: string, timezone: string, interval: number) {
  const client = useQueryClient();
  const uid = useUidWithLanguage() ?? "-";
  return useMutation({
    mutationFn: (
      change:
        | { kind: "general"; ranges: ZoneRanges }
        | { kind: "tuning"; member: string; ranges: ZoneRanges }
        | { kind: "tuned"; member: string; isTuned: boolean },
    ) =>
      change.kind === "general"
        ? reportEndpoints.saveGeneralRanges(ws, id, timezone, interval, change.ranges)
        : change.kind === "tuning"
          ? reportEndpoints.saveTuning(ws, id, change.member, timezone, interval, change.ranges)
          : reportEndpoints.setTuned(ws, id, change.member, timezone, interval, change.isTuned),
    onSuccess: (report) => {
      // other intervals, the KPIs and the member charts depend on the ranges too: fetched again when shown
      const stale = { refetchType: "none" } as const;
      void client.invalidateQueries({ queryKey: reportKeys.staffReports(uid, ws, id), ...stale });
      void client.invalidateQueries({ queryKey: ["user", uid, "staff", ws, "kpis"], ...stale });
      void client.invalidateQueries({ queryKey: ["user", uid, "staff", ws, "member-report", id], ...stale });
      client.setQueryData(reportKeys.staffReport(uid, ws, id, timezone, interval), report);
    },
  });
}

export function useKpis(ws: string, timezone: string, interval: number) {
  const uid = useUidWithLanguage();
  return useQuery({
    queryKey: reportKeys.kpis(uid ?? "-", ws, timezone, interval),
    queryFn: () => reportEndpoints.kpis(ws, timezone, interval),
    enabled: !!uid && !!ws,
    placeholderData: keepPreviousData,
  });
}

export function useMemberReport(ws: string, id: string, member: string, q: WindowQuery) {
  const uid = useUidWithLanguage();
  return useQuery({
    queryKey: reportKeys.memberReport(uid ?? "-", ws, id, member, q),
    queryFn: () => reportEndpoints.memberReport(ws, id, member, q),
    enabled: !!uid && !!ws,
    placeholderData: keepPreviousData,
  });
}
