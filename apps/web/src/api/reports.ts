import {
  type AdminExportQuery,
  type CsvQuery,
  isReportId,
  type Report,
  type ReportId,
  type ReportQuery,
  type StaffRangesBody,
  type StaffReportQuery,
  type TimezoneQuery,
  type TuningStateBody,
  type ZoneRanges,
} from "@mimamori/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLanguage } from "../i18n/useLanguage";
import { ApiError, type ApiResponse, api, apiUrl } from "./client";
import { useSessionState } from "./hooks";

/** A chart window of the report calls (unix seconds, end exclusive): the server's `reportQuerySchema`. */
export type WindowQuery = ReportQuery;
/** A CSV download's period: the server's `csvQuerySchema`. */
export type CsvRequest = CsvQuery;
/** An admin data export: the server's `adminExportQuerySchema`, `format` left to its default (csv). */
export type AdminExportRequest = Omit<AdminExportQuery, "format">;

/** The report id of a page's URL: pages ask only for known ids (`isReportId`), as the server does. */
function known(id: string): ReportId {
  if (!isReportId(id)) throw new ApiError(400, "unknown-report", "");
  return id;
}

type ChartAnswer = ApiResponse<"get", "/user/reports/resq_band/{id}">;
type Row = Report["values"][number];

/**
 * A chart row as the shared `Report` type has it, `[time, max, min, mean]`: OpenAPI 3.0 cannot say which of a row's
 * four numbers may be null (the document: each), so the time is checked here rather than cast; a row without one
 * would be a server fault, and fails the call like any other malformed answer.
 */
function rowOf([time, max, min, mean]: ChartAnswer["values"][number]): Row {
  if (time === null) throw new ApiError(500, "unknown-error", "");
  return [time, max, min, mean];
}

/** A chart as the shared `Report` type has it; every field but the rows' times is the document's. */
function chartOf(r: ChartAnswer): Report {
  return { ...r, values: r.values.map(rowOf), values_dbp: r.values_dbp?.map(rowOf) ?? null };
}

/** Typed calls of the band reports: client, staff, mobile and admin. */
export const reportEndpoints = {
  // Client (own data)
  cards: (timezone: string) =>
    api.get("/user/reports/resq_band", { params: { query: { timezone } satisfies TimezoneQuery } }),
  report: (id: string, q: WindowQuery, idToken?: string) =>
    api
      .get("/user/reports/resq_band/{id}", {
        params: { path: { id: known(id) }, query: q },
        ...(idToken ? { idToken } : {}),
      })
      .then(chartOf),
  ownCsvPath: (id: string, q: CsvRequest) =>
    apiUrl("get", "/user/reports/resq_band/{id}/download", { params: { path: { id: known(id) }, query: q } }),

  // Staff of a workspace
  staffReport: (ws: string, id: string, timezone: string, interval: number) =>
    api.get("/staff/{workspace}/reports_v2/{reportId}", {
      params: {
        path: { workspace: ws, reportId: known(id) },
        query: { timezone, interval } satisfies StaffReportQuery,
      },
    }),
  saveGeneralRanges: (ws: string, id: string, timezone: string, interval: number, ranges: ZoneRanges) =>
    api.post("/staff/{workspace}/reports_v2/{reportId}", {
      params: {
        path: { workspace: ws, reportId: known(id) },
        query: { timezone } satisfies Pick<StaffReportQuery, "timezone">,
      },
      body: { ...ranges, interval } satisfies StaffRangesBody,
    }),
  saveTuning: (ws: string, id: string, uid: string, timezone: string, interval: number, ranges: ZoneRanges) =>
    api.post("/staff/{workspace}/reports_v2/{reportId}/tuning/{uid}", {
      params: {
        path: { workspace: ws, reportId: known(id), uid },
        query: { timezone } satisfies Pick<StaffReportQuery, "timezone">,
      },
      body: { ...ranges, interval } satisfies StaffRangesBody,
    }),
  setTuned: (ws: string, id: string, uid: string, timezone: string, interval: number, isTuned: boolean) =>
    api.put("/staff/{workspace}/reports_v2/{reportId}/tuning/{uid}", {
      params: {
        path: { workspace: ws, reportId: known(id), uid },
        query: { timezone, interval } satisfies StaffReportQuery,
      },
      body: { isTuned } satisfies TuningStateBody,
    }),
  kpis: (ws: string, timezone: string, interval: number) =>
    api.get("/staff/{workspace}/reports_v2/kpis", {
      params: { path: { workspace: ws }, query: { timezone, interval } satisfies StaffReportQuery },
    }),
  memberReport: (ws: string, id: string, uid: string, q: WindowQuery) =>
    api
      .get("/staff/{workspace}/reports/{reportId}/{uid}", {
        params: { path: { workspace: ws, reportId: known(id), uid }, query: q },
      })
      .then(chartOf),
  memberCsvPath: (ws: string, id: string, uid: string, q: CsvRequest) =>
    apiUrl("get", "/staff/{workspace}/reports/{reportId}/{uid}/download", {
      params: { path: { workspace: ws, reportId: known(id), uid }, query: q },
    }),

  // Admin (super user): every user's data
  allUsersCsvPath: (q: AdminExportRequest) =>
    apiUrl("get", "/admin/users/data/download", { params: { query: q } }),
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
