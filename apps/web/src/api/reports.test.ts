import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, configureApi } from "./client";
import { reportEndpoints } from "./reports";
import { markAnonymous } from "./session";

type Call = { url: string; headers: Record<string, string> };
let calls: Call[];

function mockFetch(respond: () => Response) {
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    return respond();
  });
}

beforeEach(() => {
  calls = [];
  configureApi({ language: () => "en", onSessionExpired: () => {} });
  markAnonymous();
});
afterEach(() => vi.unstubAllGlobals());

const q = {
  start_time: 1715180400,
  end_time: 1715785200,
  interval: "weekly" as const,
  timezone: "Asia/Tokyo",
};

describe("report calls", () => {
  it("send the mobile view's id token as it is, with the window in the query", async () => {
    const chart = { id: "00005091", values: [[1715180400, 82, 61, 70.5]], values_dbp: null };
    mockFetch(() => new Response(JSON.stringify(chart), { status: 200 }));
    await expect(reportEndpoints.report("00005091", q, "tok-1")).resolves.toEqual(chart);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.Authorization).toBe("Bearer tok-1");
    expect(calls[0]?.url).toBe(
      "/api/user/reports/resq_band/00005091?start_time=1715180400&end_time=1715785200&interval=weekly&timezone=Asia%2FTokyo",
    );
  });

  it("take a chart's rows as [time, max, min, mean], nulls kept, and fail on a row without a time", async () => {
    const rows = [
      [1715180400, 82, null, 70.5],
      [1715184000, null, null, null],
    ];
    mockFetch(
      () => new Response(JSON.stringify({ id: "00005092", values: rows, values_dbp: rows }), { status: 200 }),
    );
    const chart = await reportEndpoints.report("00005092", q);
    expect(chart.values).toEqual(rows);
    expect(chart.values_dbp).toEqual(rows);

    mockFetch(
      () => new Response(JSON.stringify({ id: "00005092", values: [[null, 1, 1, 1]] }), { status: 200 }),
    );
    const err = await reportEndpoints.report("00005092", q).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(500);
  });

  it("do not try a refresh when the handed token is refused", async () => {
    mockFetch(
      () => new Response(JSON.stringify({ code: "unauthenticated", detail: "Sign in." }), { status: 401 }),
    );
    const err = await reportEndpoints.report("00005091", q, "expired").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(calls.map((c) => c.url)).not.toContain("/api/auth/refresh");
  });

  it("stream a download: the response body is left to the caller", async () => {
    mockFetch(() => new Response("\uFEFFa,b\r\n", { status: 200, headers: { "content-type": "text/csv" } }));
    const res = await api.stream(
      reportEndpoints.memberCsvPath("sakura", "00005100", "u1", { ...q, interval: undefined }),
    );
    expect(calls[0]?.url).toBe(
      "/api/staff/sakura/reports/00005100/u1/download?start_time=1715180400&end_time=1715785200&timezone=Asia%2FTokyo",
    );
    // the bytes come through untouched: the BOM is kept (text() would drop it)
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
