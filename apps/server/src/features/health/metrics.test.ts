import { message } from "@mimamori/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTBOX_JOB } from "../../lib/mail/outbox-worker";
import { UNMATCHED_ROUTE } from "../../lib/metrics";
import { startTestApp, type TestApp } from "../../test/app";
import { REALTIME_JOB } from "../alerts/engine/digest";

// Issue 31 §4: GET /api/metrics in Prometheus text format, behind METRICS_TOKEN.

const TOKEN = "metrics-token-0123456789abcdef";
const HEAT = "00005098";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * A strict reading of the Prometheus text format 0.0.4: every line is a `# HELP`, a `# TYPE` (before the family's
 * samples, once), a sample `name{label="value",…} number`, or empty; label values escape `\`, `"` and newlines.
 * Throws on anything else.
 */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const samples: Sample[] = [];
  const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
  const help = new RegExp(`^# HELP (${NAME}) (.*)$`);
  const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
  const sample = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`);
  const label = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    let m = help.exec(line);
    if (m) {
      if (helps.has(m[1] as string)) throw new Error(`HELP twice: ${line}`);
      helps.add(m[1] as string);
      continue;
    }
    m = type.exec(line);
    if (m) {
      if (types.has(m[1] as string)) throw new Error(`TYPE twice: ${line}`);
      types.set(m[1] as string, m[2] as string);
      continue;
    }
    m = sample.exec(line);
    if (!m) throw new Error(`not a metric line: ${JSON.stringify(line)}`);
    const name = m[1] as string;
    const labelText = m[2] ?? "";
    const valueText = m[3] as string;
    const family = [...types.keys()].find(
      (f) =>
        name === f || (/_(bucket|sum|count)$/.test(name) && name.replace(/_(bucket|sum|count)$/, "") === f),
    );
    if (!family) throw new Error(`a sample before its TYPE: ${line}`);
    const labels: Record<string, string> = {};
    for (let rest = labelText; rest; ) {
      const l = label.exec(rest);
      if (!l) throw new Error(`bad labels: ${line}`);
      labels[l[1] as string] = l[2] as string;
      rest = rest.slice(l[0].length);
    }
    // as Prometheus reads it (Go's ParseFloat: Inf and NaN in any case; prom-client writes "Nan")
    const special = /^([+-]?)inf$/i.exec(valueText);
    const value = special
      ? (special[1] === "-" ? -1 : 1) * Number.POSITIVE_INFINITY
      : /^nan$/i.test(valueText)
        ? Number.NaN
        : Number(valueText);
    if (!special && !/^nan$/i.test(valueText) && !/^-?\d+(\.\d+)?(e[+-]?\d+)?$/.test(valueText))
      throw new Error(`bad value: ${line}`);
    samples.push({ name, labels, value });
  }
  return { types, samples };
}

describe("GET /api/metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, config: { jobs: true, metricsToken: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.call("GET", "/metrics", undefined, { token: TOKEN });
    expect(res.status).toBe(200);
    return { res, ...parseExposition(res.body as string) };
  };
  const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      ?.value;

  it("is not there without METRICS_TOKEN: 404 as for an unknown path", async () => {
    const bare = await startTestApp();
    try {
      for (const token of [undefined, "anything", TOKEN]) {
        const res = await bare.call("GET", "/metrics", undefined, token ? { token } : {});
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: "not-found", detail: message("not-found", "en") });
      }
    } finally {
      await bare.close();
    }
  });

  it("answers 401 in the one error shape without the token or with another one", async () => {
    const wrong = [
      {},
      { token: "metrics-token-0123456789abcdeX" },
      { token: TOKEN.slice(0, -1) },
      { headers: { authorization: TOKEN } }, // not a bearer header
      { headers: { authorization: `Basic ${TOKEN}` } },
    ];
    for (const o of wrong) {
      const res = await t.call("GET", "/metrics", undefined, o);
      expect(res.status, JSON.stringify(o)).toBe(401);
      expect(res.body).toEqual({ code: "unauthenticated", detail: message("unauthenticated", "en") });
    }
    const jp = await t.call("GET", "/metrics", undefined, { lang: "ja" });
    expect(jp.body.detail).toBe(message("unauthenticated", "jp"));
    // a signed-in person's id token is not the metrics token
    const { idToken } = await t.signIn("admin@example.com");
    expect((await t.call("GET", "/metrics", undefined, { token: idToken })).status).toBe(401);
  });

  it("answers the Prometheus text format with every documented metric", async () => {
    const { res, types } = await scrape();
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const expected: Record<string, string> = {
      mimamori_http_request_duration_seconds: "histogram",
      nodejs_eventloop_lag_seconds: "gauge",
      nodejs_eventloop_lag_p99_seconds: "gauge",
      process_cpu_seconds_total: "counter",
      process_resident_memory_bytes: "gauge",
      mimamori_db_pool_connections: "gauge",
      mimamori_db_pool_waiting: "gauge",
      mimamori_job_runs_total: "counter",
      mimamori_job_failures_total: "counter",
      mimamori_job_last_success_timestamp_seconds: "gauge",
      mimamori_job_duration_seconds: "histogram",
      mimamori_mail_outbox_queued: "gauge",
      mimamori_mail_outbox_failed: "gauge",
      mimamori_mail_outbox_oldest_queued_age_seconds: "gauge",
      mimamori_alert_mail_delay_seconds: "histogram",
      mimamori_event_streams_open: "gauge",
      mimamori_webhook_deliveries_total: "counter",
      mimamori_rate_limited_total: "counter",
    };
    for (const [name, type] of Object.entries(expected)) expect(types.get(name), name).toBe(type);
  });

  it("labels a request with its route pattern and status, never the raw URL", async () => {
    const { idToken } = await t.signIn("staff@example.com");
    expect(
      (await t.call("GET", "/staff/harbor/board?timezone=UTC", undefined, { token: idToken })).status,
    ).toBe(200);
    expect(
      (await t.call("GET", "/staff/nowhere-4712/board?timezone=UTC", undefined, { token: idToken })).status,
    ).toBe(403);
    expect((await t.call("GET", "/no-such-call-zq4711x")).status).toBe(404);
    const { res, samples } = await scrape();
    const route = "/api/staff/:workspace/board";
    const count = (status: string) =>
      value(samples, "mimamori_http_request_duration_seconds_count", { method: "GET", route, status });
    expect(count("200")).toBe(1);
    expect(count("403")).toBe(1);
    expect(
      value(samples, "mimamori_http_request_duration_seconds_count", {
        route: UNMATCHED_ROUTE,
        status: "404",
      }),
    ).toBeGreaterThanOrEqual(1);
    const text = res.body as string;
    expect(text).not.toContain("harbor");
    expect(text).not.toContain("zq4711x"); // a marker no figure of the text can contain by chance
    expect(text).not.toContain("nowhere");
    expect(text).not.toContain("timezone");
  });

  it("reads the pool, the outbox and the open streams at scrape time", async () => {
    const { samples } = await scrape();
    const kind = t.database.kind;
    expect(value(samples, "mimamori_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
    if (kind === "pglite") expect(value(samples, "mimamori_db_pool_connections", { state: "total" })).toBe(1);
    expect(value(samples, "mimamori_db_pool_waiting")).toBeGreaterThanOrEqual(0);
    expect(value(samples, "mimamori_mail_outbox_failed")).toBe(0);
    expect(value(samples, "mimamori_event_streams_open")).toBe(0);

    // an open event stream counts while it is open
    const { idToken } = await t.signIn("staff@example.com");
    const ac = new AbortController();
    const stream = await fetch(`${t.url}/api/staff/harbor/events`, {
      headers: { authorization: `Bearer ${idToken}` },
      signal: ac.signal,
    });
    expect(stream.status).toBe(200);
    expect(value((await scrape()).samples, "mimamori_event_streams_open")).toBe(1);
    ac.abort();
    for (let i = 0; i < 50 && value((await scrape()).samples, "mimamori_event_streams_open") !== 0; i++)
      await sleep(50);
    expect(value((await scrape()).samples, "mimamori_event_streams_open")).toBe(0);
  });

  it("counts job runs, and times an alert's mail from the upload that raised it", async () => {
    const runs = (s: Sample[], job: string) => value(s, "mimamori_job_runs_total", { job }) ?? 0;
    let before = (await scrape()).samples;
    for (let i = 0; i < 100 && runs(before, OUTBOX_JOB) === 0; i++) {
      await sleep(100);
      before = (await scrape()).samples;
    }
    expect(runs(before, OUTBOX_JOB)).toBeGreaterThanOrEqual(1);
    expect(value(before, "mimamori_job_last_success_timestamp_seconds", { job: OUTBOX_JOB })).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    expect(value(before, "mimamori_job_failures_total", { job: OUTBOX_JOB }) ?? 0).toBe(0);
    expect(value(before, "mimamori_alert_mail_delay_seconds_count") ?? 0).toBe(0);

    // a red heat-stress sample: the ingest pokes the real-time alert job, which queues the staff's mails
    const { idToken } = await t.signIn("client2@example.com");
    const t0 = Date.now();
    const upload = await t.call(
      "POST",
      "/user/vitals",
      { samples: [{ code: HEAT, time: Math.floor(t0 / 1000) - 60, value: 90 }] },
      { token: idToken },
    );
    expect(upload.status).toBe(200);
    await t.smtp.waitFor("staff@example.com", 0, 30_000);
    // the mail reaches the SMTP server before the outbox run that sent it ends and is counted
    let after = (await scrape()).samples;
    for (let i = 0; i < 100 && runs(after, OUTBOX_JOB) <= runs(before, OUTBOX_JOB); i++) {
      await sleep(50);
      after = (await scrape()).samples;
    }
    expect(runs(after, OUTBOX_JOB)).toBeGreaterThan(runs(before, OUTBOX_JOB));
    expect(runs(after, REALTIME_JOB)).toBeGreaterThan(runs(before, REALTIME_JOB));
    expect(value(after, "mimamori_alert_mail_delay_seconds_count")).toBe(1);
    const delay = value(after, "mimamori_alert_mail_delay_seconds_sum") as number;
    expect(delay).toBeGreaterThanOrEqual(0);
    expect(delay).toBeLessThan((Date.now() - t0) / 1000 + 1);
  }, 60_000);
});
