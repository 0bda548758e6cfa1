import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./test/app";

/** Helmet's default `upgrade-insecure-requests` blanked the page on a plain-HTTP LAN trial (scripts → https). */
describe("Content-Security-Policy upgrade-insecure-requests", () => {
  let proxied: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    [proxied, direct] = await Promise.all([
      startTestApp({ config: { trustProxy: true } }),
      startTestApp({ config: { trustProxy: false } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([proxied?.close(), direct?.close()]);
  });

  const csp = async (t: TestApp, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: "GET", url: "/api/health", headers });
    expect(res.statusCode).toBe(200);
    return String(res.headers["content-security-policy"]);
  };

  it("is not sent for a request over plain HTTP", async () => {
    const policy = await csp(proxied);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(await csp(proxied, { "x-forwarded-proto": "http" })).not.toContain("upgrade-insecure-requests");
  });

  it("is sent when the request came over HTTPS through a trusted proxy", async () => {
    const policy = await csp(proxied, { "x-forwarded-proto": "https" });
    expect(policy).toContain("script-src 'self'");
    expect(policy.split(";")).toContain("upgrade-insecure-requests");
  });

  it("ignores X-Forwarded-Proto without TRUST_PROXY", async () => {
    expect(await csp(direct, { "x-forwarded-proto": "https" })).not.toContain("upgrade-insecure-requests");
  });
});
