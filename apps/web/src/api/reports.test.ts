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
    mockFetch(() => new Response(JSON.stringify({ id: "00005091" }), { status: 200 }));
    await expect(reportEndpoints.report("00005091", q, "tok-1")).resolves.toEqual({ id: "00005091" });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.Authorization).toBe("Bearer tok-1");
    expect(calls[0]?.url).toBe(
      "/api/user/reports/resq_band/00005091?start_time=1715180400&end_time=1715785200&interval=weekly&timezone=Asia%2FTokyo",
    );
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
