import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, configFromEnv } from "../config";
import { mailOutbox } from "../db/schema";
import { startTestApp, type TestApp } from "../test/app";
import { manualClock } from "./clock";
import { createJobRunner } from "./runner";
import { claimSlot, lastSlot } from "./slots";
import { captureLog } from "./test-helpers";

/** A promise the test resolves by hand, to hold a job in the middle of a run. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { opened, open };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe("job runner", () => {
  it("hands each run the clock's time; tick runs every job once, in order", async () => {
    const clock = manualClock("2040-01-02T00:00:00Z");
    const runner = createJobRunner({ log: captureLog().log, clock });
    const seen: string[] = [];
    runner.register({ name: "a", run: async (now) => void seen.push(`a ${now.toISOString()}`) });
    runner.register({ name: "b", run: async (now) => void seen.push(`b ${now.toISOString()}`) });
    await runner.tick();
    clock.advance(60_000);
    await runner.tick();
    expect(seen).toEqual([
      "a 2040-01-02T00:00:00.000Z",
      "b 2040-01-02T00:00:00.000Z",
      "a 2040-01-02T00:01:00.000Z",
      "b 2040-01-02T00:01:00.000Z",
    ]);
    await runner.stop();
  });

  it("tells onRun after each run, failed or not, except of jobs that change nothing kept", async () => {
    const runner = createJobRunner({ log: captureLog().log, onRun: () => seen.push("changed") });
    const seen: string[] = [];
    runner.register({ name: "a", run: async () => void seen.push("a") });
    runner.register({ name: "mail", changes: "none", run: async () => void seen.push("mail") });
    runner.register({
      name: "b",
      run: async () => {
        seen.push("b");
        throw new Error("down");
      },
    });
    await runner.tick();
    expect(seen).toEqual(["a", "changed", "mail", "b", "changed"]);
    await runner.stop();
  });

  it("refuses a second job of the same name", () => {
    const runner = createJobRunner({ log: captureLog().log });
    runner.register({ name: "a", run: async () => {} });
    expect(() => runner.register({ name: "a", run: async () => {} })).toThrow("job a is registered twice");
  });

  it("logs a failing job and keeps running it and the others", async () => {
    const { log, lines } = captureLog();
    const runner = createJobRunner({ log, clock: manualClock("2040-01-02T00:00:00Z") });
    let failing = 0;
    let healthy = 0;
    runner.register({
      name: "flaky",
      run: async () => {
        failing++;
        throw new Error("database went away");
      },
    });
    runner.register({ name: "healthy", run: async () => void healthy++ });
    await runner.tick();
    await runner.tick();
    expect([failing, healthy]).toEqual([2, 2]);
    const errors = lines.filter((l) => l.msg === "background job failed");
    expect(errors).toHaveLength(2);
    expect(errors[0]?.job).toBe("flaky");
    expect((errors[0]?.err as { message?: string } | undefined)?.message).toBe("database went away");
    await runner.stop();
  });

  it("never overlaps runs of a job: a poke during a run makes one more run after it", async () => {
    const runner = createJobRunner({ log: captureLog().log, clock: manualClock("2040-01-02T00:00:00Z") });
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const first = gate();
    runner.register({
      name: "slow",
      every: "0 0 0 1 1 *", // once a year: only the start and the pokes run it here
      run: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        runs++;
        if (runs === 1) await first.opened;
        active--;
      },
    });
    runner.start(); // the immediate first run, held at the gate
    await settle();
    runner.poke("slow");
    runner.poke("slow");
    const ticked = runner.tick();
    await settle();
    expect(runs).toBe(1);
    first.open();
    await ticked;
    // the pokes and the tick during the first run fold into one further run
    expect([runs, maxActive]).toEqual([2, 1]);
    await runner.stop();
  });

  it("stop waits for the run under way and runs nothing afterwards", async () => {
    const runner = createJobRunner({ log: captureLog().log, clock: manualClock("2040-01-02T00:00:00Z") });
    const held = gate();
    const events: string[] = [];
    runner.register({
      name: "held",
      every: "0 0 0 1 1 *",
      run: async () => {
        events.push("start");
        await held.opened;
        events.push("end");
      },
    });
    runner.start();
    await settle();
    const stopped = runner.stop().then(() => events.push("stopped"));
    await settle();
    expect(events).toEqual(["start"]);
    held.open();
    await stopped;
    expect(events).toEqual(["start", "end", "stopped"]);
    runner.poke("held");
    await runner.tick();
    expect(events).toEqual(["start", "end", "stopped"]);
  });

  it("ticks on croner's schedule once started", async () => {
    const runner = createJobRunner({ log: captureLog().log });
    let runs = 0;
    runner.register({ name: "every-second", every: "* * * * * *", run: async () => void runs++ });
    runner.start();
    await new Promise((r) => setTimeout(r, 2300));
    await runner.stop();
    // the immediate run plus one per second boundary (two or three of them; a loaded machine may be late)
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(4);
    const after = runs;
    await new Promise((r) => setTimeout(r, 1100));
    expect(runs).toBe(after);
  });
});

describe("claimSlot", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("gives a slot to one caller; a rolled-back claim leaves it to the next", async () => {
    const slot = new Date("2040-01-02T00:00:00Z");
    await expect(
      t.db.transaction(async (tx) => {
        expect(await claimSlot(tx, "test-job", slot)).toBe(true);
        throw new Error("crash before commit");
      }),
    ).rejects.toThrow("crash before commit");
    expect(await lastSlot(t.db, "test-job")).toBeNull();

    const claims = await Promise.all([
      t.db.transaction((tx) => claimSlot(tx, "test-job", slot)),
      t.db.transaction((tx) => claimSlot(tx, "test-job", slot)),
    ]);
    expect(claims.sort()).toEqual([false, true]);
    // another job's slot at the same time is its own
    expect(await t.db.transaction((tx) => claimSlot(tx, "other-job", slot))).toBe(true);
    expect(await lastSlot(t.db, "test-job")).toEqual(slot);
  });
});

describe("the app's background jobs", () => {
  it("are on unless JOBS=off", () => {
    expect(configFromEnv({}).jobs).toBe(true);
    expect(configFromEnv({ JOBS: "on" }).jobs).toBe(true);
    expect(configFromEnv({ JOBS: "off" }).jobs).toBe(false);
    expect(() => configFromEnv({ JOBS: "no" })).toThrow(ConfigError);
  });

  const queued = (to: string) => ({
    recipient: to,
    subject: "Queued",
    textBody: "queued mail",
    htmlBody: "<p>queued mail</p>",
    template: "form-request",
    status: "queued" as const,
    nextAttemptAt: new Date(),
  });

  it("run when the config asks for them (npm start) and deliver queued mail", async () => {
    const app = await startTestApp({ config: { jobs: true } });
    try {
      await app.db.insert(mailOutbox).values(queued("polled@example.com"));
      // the worker polls every 5 seconds
      const mail = await app.smtp.waitFor("polled@example.com", 0, 10_000);
      expect(mail.subject).toBe("Queued");
      // the row is marked once the SMTP server has accepted the mail
      let row: typeof mailOutbox.$inferSelect | undefined;
      for (let i = 0; i < 50 && row?.status !== "sent"; i++) {
        await new Promise((r) => setTimeout(r, 100));
        [row] = await app.db.select().from(mailOutbox);
      }
      expect([row?.status, row?.attempts]).toEqual(["sent", 1]);
    } finally {
      await app.close();
    }
  });

  it("do not run in API tests unless asked", async () => {
    const app = await startTestApp();
    try {
      await app.db.insert(mailOutbox).values(queued("waiting@example.com"));
      await new Promise((r) => setTimeout(r, 6000));
      expect(app.smtp.mails).toEqual([]);
      const [row] = await app.db.select().from(mailOutbox);
      expect(row?.status).toBe("queued");
    } finally {
      await app.close();
    }
  });
});
