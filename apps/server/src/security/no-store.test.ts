import { afterAll, describe, expect, it } from "vitest";
import type { Access } from "../lib/access";
import {
  buildCall,
  type Caller,
  describeCall,
  queryString,
  type RouteInfo,
  startWorld,
  type World,
} from "../test/worlds/security";

/*
 * Issue 29 §5: no /api answer may stay in a browser's or a proxy's cache (lib/no-store.ts). Generated from
 * `app.accessTable` like the authorization matrix: every registered /api route is called by a caller its access
 * lets through (the answers that carry personal data: reports, images as base64, thumbnails, lists of people)
 * and by an anonymous caller (its refusal), and each answer must say `Cache-Control: no-store`. No route is
 * exempt: the list of public routes allowed to be cached is empty. The reads are checked to have answered
 * (2xx) for the caller let through, so the header was seen on real personal data, not only on refusals.
 */

const w: World = await startWorld();
afterAll(() => w.t.close());

/** Routes whose answers may be cached; none (a route added here needs a reason in docs/decisions.md). */
const CACHEABLE: ReadonlySet<string> = new Set();

const ALLOWED_CALLER: Record<Access, Caller> = {
  public: "anonymous",
  user: "client",
  staff: "staff",
  "super-user": "admin",
};

async function cacheControl(route: RouteInfo, caller: Caller) {
  const { call } = buildCall(w, route, caller);
  const headers: Record<string, string> = { "accept-language": "en" };
  const token = caller === "anonymous" ? undefined : call.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (call.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${w.t.url}${call.path}${queryString(call.query)}`, {
    method: call.method,
    headers,
    body: call.body,
  });
  await (res.headers.get("content-type")?.startsWith("text/event-stream") ? res.body?.cancel() : res.text());
  return {
    status: res.status,
    value: res.headers.get("cache-control"),
    said: describeCall({ ...call, token }, caller),
  };
}

describe("Cache-Control: no-store on every /api answer", () => {
  it("covers the whole route table: each route, called by a caller it lets through and anonymously", async () => {
    expect(w.routes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    const ok: string[] = [];
    // reads first, while the world is as set up; then the writes, the database left as they change it (a
    // write's answer carries the header whatever it changed)
    const reads = w.routes.filter((r) => r.method === "GET");
    for (const route of [...reads, ...w.routes.filter((r) => r.method !== "GET")]) {
      if (CACHEABLE.has(route.key)) continue;
      const callers: Caller[] = [ALLOWED_CALLER[route.access]];
      if (route.access !== "public") callers.push("anonymous");
      for (const caller of callers) {
        const a = await cacheControl(route, caller);
        if (a.value !== "no-store") problems.push(`${a.said} → ${a.status} cache-control: ${a.value}`);
        else if (a.status < 300 && caller !== "anonymous") ok.push(route.key);
      }
    }
    expect(problems).toEqual([]);
    // the answers that carry personal data were real answers, not refusals
    for (const key of [
      "GET /api/user/data/:id/images/:imageId",
      "GET /api/staff/:workspace/data/:dataId/user/:userId/images",
      "GET /api/staff/:workspace/data/:dataId/user/:userId/images/:imageId",
      "GET /api/user/data/:id/detail",
      "GET /api/user/info",
      "GET /api/user/reports/resq_band/:id",
      "GET /api/staff/:workspace/reports_v2/:reportId",
      "GET /api/staff/:workspace/reports/:reportId/:uid",
    ])
      expect(ok, key).toContain(key);
    const readsAnswered = reads.filter((r) => ok.includes(r.key)).length;
    expect(readsAnswered).toBeGreaterThan(reads.length * 0.9);
  });

  it("is on an unknown /api path's 404 too", async () => {
    const res = await fetch(`${w.t.url}/api/no-such-route`);
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
