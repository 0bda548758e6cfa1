import { message } from "@mimamori/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../config";
import { startTestApp, type TestApp } from "../test/app";
import { LIMITED_ROUTES, RATE_LIMIT_DEFAULTS } from "./rate-limits";

// Issue 31 §5: coarse per-client limits on band uploads, file uploads and exports (@fastify/rate-limit).

const HEAT = "00005098";
const LIMITS = { bandUploads: 3, fileUploads: 2, exports: 2, windowS: 60 };

let t: TestApp;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp({ seed: true, config: { rateLimits: LIMITS, metricsToken: "m".repeat(32) } });
  for (const [who, email] of Object.entries({
    client: "client@example.com",
    client2: "client2@example.com",
    staff: "staff@example.com",
  }))
    tok[who] = (await t.signIn(email)).idToken;
});
afterAll(() => t.close());

const upload = (token: string, lang: "en" | "ja" = "en") =>
  t.call(
    "POST",
    "/user/vitals",
    { samples: [{ code: HEAT, time: Math.floor(Date.now() / 1000) - 120, value: 20 }] },
    { token, lang },
  );

/** A 429 of a rate limit: the one error shape in the caller's language, and when to come back. */
function expectLimited(res: Awaited<ReturnType<TestApp["call"]>>, lang: "en" | "jp" = "en") {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ code: "rate-limited", detail: message("rate-limited", lang) });
  const after = Number(res.headers.get("retry-after"));
  expect(after).toBeGreaterThanOrEqual(1);
  expect(after).toBeLessThanOrEqual(LIMITS.windowS);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
}

describe("per-client rate limits", () => {
  it("has the README's defaults, read from the environment", () => {
    expect(RATE_LIMIT_DEFAULTS).toEqual({ bandUploads: 120, fileUploads: 30, exports: 20, windowS: 60 });
    expect(configFromEnv({}).rateLimits).toEqual(RATE_LIMIT_DEFAULTS);
    expect(
      configFromEnv({
        RATE_LIMIT_BAND_UPLOADS: "600",
        RATE_LIMIT_FILE_UPLOADS: "0",
        RATE_LIMIT_EXPORTS: "5",
        RATE_LIMIT_WINDOW_S: "300",
      }).rateLimits,
    ).toEqual({ bandUploads: 600, fileUploads: 0, exports: 5, windowS: 300 });
    expect(() => configFromEnv({ RATE_LIMIT_EXPORTS: "-1" })).toThrow(/RATE_LIMIT_EXPORTS/);
  });

  it("names registered routes only (a renamed route cannot lose its limit unnoticed)", () => {
    const table = new Set(t.app.accessTable.map((r) => `${r.method} ${r.url}`));
    for (const l of LIMITED_ROUTES) expect(table, l.route).toContain(l.route);
  });

  it("refuses the band upload past the limit with Retry-After, and another person is not limited", async () => {
    for (let i = 0; i < LIMITS.bandUploads; i++)
      expect((await upload(tok.client as string)).status).toBe(200);
    expectLimited(await upload(tok.client as string));
    expectLimited(await upload(tok.client as string, "ja"), "jp");
    // another person has a count of their own
    for (let i = 0; i < LIMITS.bandUploads; i++)
      expect((await upload(tok.client2 as string)).status).toBe(200);
    expectLimited(await upload(tok.client2 as string));
    // the refusals are counted for the operator
    const metrics = await t.call("GET", "/metrics", undefined, { token: "m".repeat(32) });
    expect(metrics.body).toContain('mimamori_rate_limited_total{limit="bandUploads"} 3');
  });

  it("counts file uploads per person, whatever they answered", async () => {
    const post = (token: string) =>
      t.call("POST", "/user/data/4711/images", undefined, {
        token,
        headers: { "content-type": "multipart/form-data; boundary=x" },
      });
    for (let i = 0; i < LIMITS.fileUploads; i++)
      expect((await post(tok.client as string)).status).not.toBe(429);
    expectLimited(await post(tok.client as string));
    expect((await post(tok.client2 as string)).status).not.toBe(429);
  });

  it("limits CSV downloads, not the same route's JSON page", async () => {
    const day = Math.floor(Date.now() / 86_400_000) * 86_400;
    const csv = `/user/reports/resq_band/${HEAT}/download?start_time=${day - 86_400}&end_time=${day}&timezone=UTC`;
    for (let i = 0; i < LIMITS.exports; i++) {
      const res = await t.call("GET", csv, undefined, { token: tok.client2 });
      expect(res.status).toBe(200);
    }
    expectLimited(await t.call("GET", csv, undefined, { token: tok.client2 }));

    const record = `/staff/harbor/heat_illness_record?start_time=${day - 86_400}&end_time=${day}`;
    for (let i = 0; i < LIMITS.exports + 2; i++)
      expect((await t.call("GET", record, undefined, { token: tok.staff })).status).toBe(200);
    for (let i = 0; i < LIMITS.exports; i++)
      expect((await t.call("GET", `${record}&format=csv`, undefined, { token: tok.staff })).status).toBe(200);
    expectLimited(await t.call("GET", `${record}&format=csv`, undefined, { token: tok.staff }));
  });

  it("a limit of 0 is no limit", async () => {
    const open = await startTestApp({ seed: true, config: { rateLimits: { ...LIMITS, bandUploads: 0 } } });
    try {
      const { idToken } = await open.signIn("client@example.com");
      for (let i = 0; i < LIMITS.bandUploads + 2; i++) {
        const res = await open.call(
          "POST",
          "/user/vitals",
          { samples: [{ code: HEAT, time: Math.floor(Date.now() / 1000) - 120 - i, value: 20 }] },
          { token: idToken },
        );
        expect(res.status).toBe(200);
      }
    } finally {
      await open.close();
    }
  });
});
