import { describe, expect, it } from "vitest";
import { createJobRunner } from "../jobs/runner";
import { captureLog } from "../jobs/test-helpers";
import { hasMetricsToken, Metrics } from "./metrics";

describe("Metrics", () => {
  it("counts a job's runs and failures and keeps its last success", async () => {
    const metrics = new Metrics();
    const { log } = captureLog();
    let fail = false;
    const runner = createJobRunner({
      log,
      onRunEnd: (job, ok, seconds) => metrics.jobRun(job, ok, seconds),
    });
    runner.register({
      name: "sometimes-fails",
      run: async () => {
        if (fail) throw new Error("boom");
      },
    });
    const before = Date.now() / 1000;
    await runner.tick();
    fail = true;
    await runner.tick();
    await runner.tick();
    await runner.stop();
    const text = await metrics.scrape();
    expect(text).toContain('mimamori_job_runs_total{job="sometimes-fails"} 3');
    expect(text).toContain('mimamori_job_failures_total{job="sometimes-fails"} 2');
    expect(text).toContain('mimamori_job_duration_seconds_count{job="sometimes-fails"} 3');
    const last = Number(
      /mimamori_job_last_success_timestamp_seconds\{job="sometimes-fails"\} (\S+)/.exec(text)?.[1],
    );
    expect(last).toBeGreaterThanOrEqual(Math.floor(before));
    expect(last).toBeLessThanOrEqual(Date.now() / 1000);
  });

  it("observes the upload-to-mail time in seconds, never below 0", async () => {
    const metrics = new Metrics();
    const now = Date.now();
    metrics.alertMailsQueued([new Date(now - 12_000), new Date(now + 500)], now);
    const text = await metrics.scrape();
    expect(text).toContain("mimamori_alert_mail_delay_seconds_count 2");
    expect(text).toContain("mimamori_alert_mail_delay_seconds_sum 12");
    expect(text).toContain('mimamori_alert_mail_delay_seconds_bucket{le="1"} 1');
    expect(text).toContain('mimamori_alert_mail_delay_seconds_bucket{le="15"} 2');
  });
});

describe("hasMetricsToken", () => {
  const token = "a-metrics-token-of-some-length";
  it("takes the token as a bearer credential only", () => {
    expect(hasMetricsToken(`Bearer ${token}`, token)).toBe(true);
    expect(hasMetricsToken(`bearer   ${token}`, token)).toBe(true);
    for (const h of [
      undefined,
      "",
      token,
      `Basic ${token}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      "Bearer ",
    ])
      expect(hasMetricsToken(h, token), String(h)).toBe(false);
  });
});
