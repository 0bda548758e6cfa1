import {
  MESSAGES,
  type MyAuditPage,
  WEBHOOK_LIMITS,
  webhookAlertEventSchema,
  webhookTestEventSchema,
} from "@mimamori/shared";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessAudit, entities, users, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { manualClock } from "../../jobs/clock";
import { captureLog } from "../../jobs/test-helpers";
import { Metrics, type WebhookOutcome } from "../../lib/metrics";
import { startTestApp, type TestApp } from "../../test/app";
import { type Role, roleTokens } from "../../test/roles";
import {
  createWebhookWorker,
  targetRulesOf,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TIMEOUT_MS,
} from "./deliver";
import { isPrivateAddress } from "./target";
import { type Receiver, startReceiver } from "./test-receiver";

const BASE = "/staff/sakura/webhooks";
const ADMIN_BASE = "/entities/sakura/webhooks";
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const RULES = { allowHttp: true, allowPrivate: true };
const METRICS_TOKEN = "metrics-token-webhooks-0123456789";

let t: TestApp;
let tokens: Record<Role, string | undefined>;
let receiver: Receiver;

beforeAll(async () => {
  t = await startTestApp({ seed: true, config: { webhookAllowPrivate: true, metricsToken: METRICS_TOKEN } });
  tokens = await roleTokens(t);
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.db.delete(webhookEndpoints);
  await t.db.update(entities).set({ notificationSettingStatus: "unlocked" });
  receiver.received.length = 0;
  receiver.answers.length = 0;
  receiver.setMode({ status: 204 });
});

const add = (body: Record<string, unknown>, token = tokens.staff, lang: "en" | "ja" = "en", base = BASE) =>
  t.call("POST", base, body, { token, lang });
const stored = async () => (await t.db.select().from(webhookEndpoints)).length;
const worker = (clock = manualClock(new Date()), metrics?: Metrics) =>
  createWebhookWorker({ db: t.db, rules: RULES, log: captureLog().log, clock, metrics });

/** The value of `mimamori_webhook_deliveries_total{outcome}` in a Prometheus text (0 while never counted). */
const countIn = (text: string, outcome: WebhookOutcome) =>
  Number(
    new RegExp(`^mimamori_webhook_deliveries_total\\{outcome="${outcome}"\\} (\\d+)$`, "m").exec(text)?.[1] ??
      0,
  );
/** The app's count of delivery tries with `outcome`, as Prometheus scrapes it from GET /api/metrics. */
const scraped = async (outcome: WebhookOutcome) => {
  const res = await t.call("GET", "/metrics", undefined, { token: METRICS_TOKEN });
  expect(res.status).toBe(200);
  return countIn(res.body as string, outcome);
};

describe("webhook endpoints", () => {
  it("are added with a secret shown once, listed, changed, given a new secret and deleted", async () => {
    const created = await add({ url: receiver.url, kinds: [2, 1], description: "  Pager  " });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: receiver.url,
      kinds: [1, 2],
      description: "Pager",
      enabled: true,
    });
    expect(created.body.secret).toMatch(SECRET);
    const id = created.body.id as string;

    const list = await t.call("GET", BASE, undefined, { token: tokens.staff });
    expect(list.status).toBe(200);
    expect(list.body.endpoints).toHaveLength(1);
    expect(list.body.endpoints[0]).not.toHaveProperty("secret");
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);

    const off = await t.call("PUT", `${BASE}/${id}`, { enabled: false, kinds: [2] }, { token: tokens.staff });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, kinds: [2], description: "Pager" });

    const rotated = await t.call("POST", `${BASE}/${id}/secret`, undefined, { token: tokens.staff });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(SECRET);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row?.secret).toBe(rotated.body.secret);
    // the secret never reaches a log line
    expect(t.logs.join("")).not.toContain(rotated.body.secret);
    expect(t.logs.join("")).not.toContain(created.body.secret);

    expect((await t.call("DELETE", `${BASE}/${id}`, undefined, { token: tokens.staff })).status).toBe(204);
    const again = await t.call("DELETE", `${BASE}/${id}`, undefined, { token: tokens.staff });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("webhook-not-found");
    expect(await stored()).toBe(0);
  });

  it("refuse bad input with a clear 400 in the caller's language and store nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: "ftp://example.com/hook", kinds: [2] }, "webhook-url-invalid"],
      [{ url: "not a url", kinds: [2] }, "webhook-url-invalid"],
      [{ url: "https://user:pw@example.com/hook", kinds: [2] }, "webhook-url-invalid"],
      [
        { url: `https://example.com/${"a".repeat(WEBHOOK_LIMITS.urlMax)}`, kinds: [2] },
        "webhook-url-too-long",
      ],
      [{ url: receiver.url, kinds: [] }, "webhook-kinds-invalid"],
      [{ url: receiver.url, kinds: [3] }, "webhook-kinds-invalid"],
      [{ url: receiver.url, kinds: [2, 2] }, "webhook-kinds-invalid"],
      [{ url: "", kinds: [2] }, "required"],
    ];
    for (const [body, code] of cases) {
      for (const lang of ["en", "ja"] as const) {
        const res = await add(body, tokens.staff, lang);
        expect(res.status, `${JSON.stringify(body)}`).toBe(400);
        expect(res.body.code).toBe(code);
        expect(res.body.detail).toBe(MESSAGES[code as keyof typeof MESSAGES][lang === "ja" ? "jp" : "en"]);
      }
    }
    expect(await stored()).toBe(0);
  });

  it(`allow at most ${WEBHOOK_LIMITS.endpointsPerEntity} per entity`, async () => {
    for (let i = 0; i < WEBHOOK_LIMITS.endpointsPerEntity; i++)
      expect((await add({ url: receiver.url, kinds: [2] })).status).toBe(201);
    const over = await add({ url: receiver.url, kinds: [2] });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("webhook-limit");
    expect(await stored()).toBe(WEBHOOK_LIMITS.endpointsPerEntity);
  });

  it("are open to the entity's staff and admins only; another entity's staff neither see nor touch them", async () => {
    const id = (await add({ url: receiver.url, kinds: [2] })).body.id as string;
    const routes: [string, string, Record<string, unknown>?][] = [
      ["GET", ""],
      ["POST", "", { url: receiver.url, kinds: [1] }],
      ["PUT", `/${id}`, { description: "x" }],
      ["POST", `/${id}/secret`],
      ["GET", `/${id}/deliveries`],
      ["POST", `/${id}/test`],
      ["DELETE", `/${id}`],
    ];
    const expected: Record<string, [number, number]> = {
      // [under /staff/sakura, under /entities/sakura]
      anonymous: [401, 401],
      client: [403, 403],
      outsider: [403, 403],
      otherStaff: [403, 403],
      staff: [0, 403],
      admin: [403, 0],
    };
    for (const [role, [staffPath, adminPath]] of Object.entries(expected))
      for (const [base, want] of [
        [BASE, staffPath],
        [ADMIN_BASE, adminPath],
      ] as const)
        for (const [method, path, body] of routes.slice(0, -1)) {
          const res = await t.call(method, `${base}${path}`, body, { token: tokens[role as Role] });
          if (want) expect(res.status, `${role} ${method} ${base}${path}`).toBe(want);
          else expect(res.status, `${role} ${method} ${base}${path}`).toBeLessThan(300);
        }
    // harbor's staff (the same person is staff of harbor) cannot reach sakura's endpoint through harbor
    for (const [method, path, body] of routes.slice(2)) {
      const res = await t.call(method, `/staff/harbor/webhooks${path}`, body, { token: tokens.staff });
      expect(res.status, `${method} harbor${path}`).toBe(404);
      expect(res.body.code).toBe("webhook-not-found");
    }
    // kaede's staff see an empty list of their own
    const own = await t.call("GET", "/staff/kaede/webhooks", undefined, { token: tokens.otherStaff });
    expect(own.body.endpoints).toEqual([]);
    // an admin of a missing entity
    const missing = await t.call("GET", "/entities/nowhere/webhooks", undefined, { token: tokens.admin });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("entity-not-found");
    // the admin deletes it
    expect((await t.call("DELETE", `${ADMIN_BASE}/${id}`, undefined, { token: tokens.admin })).status).toBe(
      204,
    );
  });

  it("cannot be changed by staff while the entity's notification settings are locked; an admin can", async () => {
    const id = (await add({ url: receiver.url, kinds: [2] })).body.id as string;
    expect(
      (await t.call("POST", "/staff/sakura/lock_notification", undefined, { token: tokens.staff })).status,
    ).toBe(200);
    for (const [method, path, body] of [
      ["POST", "", { url: receiver.url, kinds: [1] }],
      ["PUT", `/${id}`, { enabled: false }],
      ["POST", `/${id}/secret`, undefined],
      ["DELETE", `/${id}`, undefined],
    ] as const) {
      const res = await t.call(method, `${BASE}${path}`, body, { token: tokens.staff, lang: "ja" });
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body.detail).toBe(MESSAGES["notification-settings-locked"].jp);
    }
    // reading, the log and a test stay open to them
    expect((await t.call("GET", BASE, undefined, { token: tokens.staff })).body.endpoints[0].enabled).toBe(
      true,
    );
    expect((await t.call("POST", `${BASE}/${id}/test`, undefined, { token: tokens.staff })).status).toBe(200);
    const admin = await t.call("PUT", `${ADMIN_BASE}/${id}`, { enabled: false }, { token: tokens.admin });
    expect(admin.status).toBe(200);
    expect(admin.body.enabled).toBe(false);
  });
});

describe("private targets", () => {
  it("are refused unless the configuration allows them, also as IPv6 and mapped addresses", async () => {
    const strict = await startTestApp({
      seed: true,
      config: { webhookAllowPrivate: false, webhookAllowHttp: false },
    });
    try {
      const token = (await strict.signIn("staff@example.com")).idToken;
      for (const url of [
        "https://127.0.0.1/hook",
        "https://localhost/hook",
        "https://10.1.2.3/hook",
        "https://172.16.0.1/hook",
        "https://192.168.1.1/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://100.64.0.1/hook",
        "https://0.0.0.0/hook",
        "https://[::1]/hook",
        "https://[fd00::1]/hook",
        "https://[fe80::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
        "https://2130706433/hook",
      ]) {
        const res = await strict.call("POST", BASE, { url, kinds: [2] }, { token, lang: "ja" });
        expect(res.status, url).toBe(400);
        expect(res.body.code, url).toBe("webhook-private-address");
        expect(res.body.detail).toBe(MESSAGES["webhook-private-address"].jp);
      }
      const http = await strict.call(
        "POST",
        BASE,
        { url: "http://93.184.215.14/hook", kinds: [2] },
        { token },
      );
      expect(http.status).toBe(400);
      expect(http.body.code).toBe("webhook-https-required");
      expect(await strict.db.select().from(webhookEndpoints)).toEqual([]);
    } finally {
      await strict.close();
    }
  }, 60_000);

  it("are classified by address: private, loopback, link-local, CGNAT, metadata, IPv6 equivalents", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fc00::1",
      "fd12::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "::ffff:a00:1",
      "64:ff9b::7f00:1",
      "224.0.0.1",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["93.184.215.14", "8.8.8.8", "2606:4700::1111", "172.32.0.1", "100.128.0.1"])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it("are checked again at delivery time: a private address, literal or resolved from a name, is not reached", async () => {
    const id = (await add({ url: receiver.url, kinds: [2] })).body.id as string;
    await t.db.insert(webhookDeliveries).values({
      endpointId: id,
      eventId: "msg_rebind",
      eventType: "webhook.test",
      payload: {},
      status: "queued",
      nextAttemptAt: new Date(),
    });
    const strict = createWebhookWorker({
      db: t.db,
      rules: { allowHttp: true, allowPrivate: false },
      log: captureLog().log,
    });
    expect(await strict.drain()).toEqual({ delivered: 0, failed: 1 });
    expect(receiver.received).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, "msg_rebind"));
    expect(row?.lastError).toBe("refused: the host resolves to a private address");

    // a host name is resolved when connecting, and the checked address is the one connected to
    const named = (await add({ url: receiver.url.replace("127.0.0.1", "localhost"), kinds: [2] })).body
      .id as string;
    await t.db.insert(webhookDeliveries).values({
      endpointId: named,
      eventId: "msg_named",
      eventType: "webhook.test",
      payload: {},
      status: "queued",
      nextAttemptAt: new Date(),
    });
    await t.db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, id));
    expect(await strict.drain()).toEqual({ delivered: 0, failed: 1 });
    const [refused] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, "msg_named"));
    expect(refused?.lastError).toBe("refused: the host resolves to a private address");
    expect(receiver.received).toHaveLength(0);
    await t.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date() })
      .where(eq(webhookDeliveries.eventId, "msg_named"));
    expect(await worker(manualClock(new Date(Date.now() + 1000))).drain()).toEqual({
      delivered: 1,
      failed: 0,
    });
    expect(receiver.received).toHaveLength(1);
  });

  it("https only in production unless the configuration says otherwise", () => {
    const base = {
      port: 0,
      host: "",
      dataDir: "",
      mailFrom: "",
      appUrl: "",
      logLevel: "info",
      trustProxy: false,
    };
    expect(targetRulesOf({ ...base, production: true })).toEqual({ allowHttp: false, allowPrivate: false });
    expect(targetRulesOf({ ...base })).toEqual({ allowHttp: true, allowPrivate: false });
  });
});

describe("deliveries", () => {
  it("'send a test' delivers a signed webhook.test event at once, verified by the standardwebhooks package", async () => {
    const created = await add({ url: receiver.url, kinds: [2] });
    const res = await t.call("POST", `${BASE}/${created.body.id}/test`, undefined, { token: tokens.staff });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      event_type: "webhook.test",
      status: "delivered",
      attempts: 1,
      last_status_code: 204,
    });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0] as (typeof receiver.received)[number];
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["webhook-id"]).toBe(res.body.event_id);
    const verified = new Webhook(created.body.secret).verify(got.body, got.headers as Record<string, string>);
    const event = webhookTestEventSchema.parse(verified);
    expect(event).toMatchObject({
      type: "webhook.test",
      id: res.body.event_id,
      data: { workspace: "sakura" },
    });
    // another secret does not verify it
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(
        got.body,
        got.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it("an alert raised through a band upload reaches the receiver once, with the stable body", async () => {
    const created = await add({ url: receiver.url, kinds: [2] });
    const sync = await add({ url: receiver.url, kinds: [1] });
    const clientId = (
      await t.db.select({ id: users.id }).from(users).where(eq(users.email, "client@example.com"))
    )[0]?.id;
    const clientToken = (await t.signIn("client@example.com")).idToken;
    const at = Math.floor(Date.now() / 1000) - 120;
    const upload = (time: number, value: number) =>
      t.call(
        "POST",
        "/user/vitals",
        { samples: [{ code: "00005091", time, value }] },
        { token: clientToken },
      );
    expect((await upload(at, 170)).status).toBe(200);
    // still red: no new alert; the same upload again stores nothing twice
    expect((await upload(at + 30, 175)).status).toBe(200);
    expect((await upload(at, 170)).status).toBe(200);
    // two servers' workers at once
    const [a, b] = await Promise.all([
      worker(manualClock(new Date())).drain(),
      worker(manualClock(new Date())).drain(),
    ]);
    expect(a.delivered + b.delivered).toBe(1);
    expect(await worker().drain()).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0] as (typeof receiver.received)[number];
    const event = webhookAlertEventSchema.parse(
      new Webhook(created.body.secret).verify(got.body, got.headers as Record<string, string>),
    );
    expect(event.type).toBe("alert.raised");
    expect(event.id).toBe(`msg_alert_${event.data.alert_id}`);
    expect(event.data).toMatchObject({
      workspace: "sakura",
      kind: "measurement",
      measure: 5091,
      measure_name: "Heart rate",
      value: 170,
      unit: "bpm",
      at: new Date(at * 1000).toISOString(),
      member: clientId,
    });
    // no name or e-mail address of the member goes out
    expect(got.body).not.toMatch(/example\.com|Yamada|山田/);
    // the sync-only endpoint got nothing
    const log = await t.call("GET", `${BASE}/${sync.body.id}/deliveries`, undefined, { token: tokens.staff });
    expect(log.body.deliveries).toEqual([]);
    const delivered = await t.call("GET", `${BASE}/${created.body.id}/deliveries`, undefined, {
      token: tokens.staff,
    });
    expect(delivered.body.deliveries).toHaveLength(1);
    expect(delivered.body.deliveries[0]).toMatchObject({
      event_type: "alert.raised",
      status: "delivered",
      attempts: 1,
    });

    // the delivery exported the member's value: their "Who used my data" lists it once (two workers ran)
    const [staff] = await t.db.select().from(users).where(eq(users.email, "staff@example.com"));
    const [sakura] = await t.db.select().from(entities).where(eq(entities.workspaceName, "sakura"));
    const mine = (await t.call("GET", "/user/access-audit", undefined, { token: clientToken }))
      .body as MyAuditPage;
    const sent = mine.entries.filter((x) => x.what === "webhook");
    expect(sent).toEqual([
      expect.objectContaining({
        role: "staff",
        entity_name: sakura?.name,
        actor_name: staff?.name,
        detail: created.body.id,
        period_from: new Date(at * 1000).toISOString(),
        period_to: new Date(at * 1000).toISOString(),
      }),
    ]);
    const [row] = await t.db.select().from(accessAudit).where(eq(accessAudit.what, "webhook"));
    expect(row).toMatchObject({
      actorId: staff?.id,
      subjectId: clientId,
      workspaceName: "sakura",
      requestId: event.id,
      address: new URL(receiver.url).host,
    });
  });

  it("are retried with backoff after a 500, then delivered; the log lists the tries", async () => {
    const created = await add({ url: receiver.url, kinds: [2] });
    receiver.answers.push({ status: 500 });
    const first = await t.call("POST", `${BASE}/${created.body.id}/test`, undefined, { token: tokens.staff });
    expect(first.body).toMatchObject({
      status: "queued",
      attempts: 1,
      last_status_code: 500,
      last_error: "HTTP 500",
    });
    const clock = manualClock(new Date());
    // not before the first delay
    expect(await worker(clock).drain()).toEqual({ delivered: 0, failed: 0 });
    clock.advance(WEBHOOK_RETRY_DELAYS_MS[0] + 1000);
    expect(await worker(clock).drain()).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.received).toHaveLength(2);
    // the same event id on every try
    expect(receiver.received[1]?.headers["webhook-id"]).toBe(receiver.received[0]?.headers["webhook-id"]);
    const log = await t.call("GET", `${BASE}/${created.body.id}/deliveries`, undefined, {
      token: tokens.staff,
    });
    expect(log.body.deliveries).toEqual([
      expect.objectContaining({ status: "delivered", attempts: 2, last_status_code: 204, last_error: null }),
    ]);
  });

  it(`give up after ${WEBHOOK_MAX_ATTEMPTS} tries`, async () => {
    const created = await add({ url: receiver.url, kinds: [2] });
    receiver.setMode({ status: 503 });
    await t.call("POST", `${BASE}/${created.body.id}/test`, undefined, { token: tokens.staff });
    const clock = manualClock(new Date());
    const metrics = new Metrics();
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
      clock.advance(delay + 1000);
      expect(await worker(clock, metrics).drain()).toEqual({ delivered: 0, failed: 1 });
    }
    // tries 2 … 5 failed and are retried; the 6th gave up
    const text = await metrics.scrape();
    expect(countIn(text, "failed")).toBe(WEBHOOK_MAX_ATTEMPTS - 2);
    expect(countIn(text, "gave-up")).toBe(1);
    expect(countIn(text, "delivered")).toBe(0);
    clock.advance(24 * 3600_000);
    expect(await worker(clock).drain()).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const log = await t.call("GET", `${BASE}/${created.body.id}/deliveries`, undefined, {
      token: tokens.staff,
    });
    expect(log.body.deliveries[0]).toMatchObject({
      status: "failed",
      attempts: WEBHOOK_MAX_ATTEMPTS,
      last_status_code: 503,
      next_attempt_at: null,
    });
  });

  it("a slow receiver fails the try after the timeout", async () => {
    const created = await add({ url: receiver.url, kinds: [2] });
    receiver.setMode({ slowMs: WEBHOOK_TIMEOUT_MS + 3000 });
    const started = Date.now();
    const res = await t.call("POST", `${BASE}/${created.body.id}/test`, undefined, { token: tokens.staff });
    expect(Date.now() - started).toBeLessThan(WEBHOOK_TIMEOUT_MS + 2000);
    expect(res.body).toMatchObject({
      status: "queued",
      attempts: 1,
      last_status_code: null,
      last_error: "timeout: no answer within 5 s",
    });
  }, 20_000);

  it("a disabled endpoint's deliveries wait; the OpenAPI documents the delivery as a callback", async () => {
    const created = await add({ url: receiver.url, kinds: [2] });
    await t.call("PUT", `${BASE}/${created.body.id}`, { enabled: false }, { token: tokens.staff });
    const res = await t.call("POST", `${BASE}/${created.body.id}/test`, undefined, { token: tokens.staff });
    expect(res.body).toMatchObject({ status: "queued", attempts: 0 });
    expect(receiver.received).toHaveLength(0);
    const doc = await t.call("GET", "/docs/json");
    const callbacks = doc.body.paths["/api/staff/{workspace}/webhooks"].post.callbacks;
    expect(Object.keys(callbacks.webhookDelivery)).toEqual(["{$request.body#/url}"]);
    // the body's schema, inline or as a named component (lib/openapi)
    const ref = /"#\/components\/schemas\/([^"]+)"/.exec(JSON.stringify(callbacks))?.[1];
    const body = ref ? doc.body.components.schemas[ref] : callbacks;
    expect(JSON.stringify(body)).toContain("alert.raised");
    expect(JSON.stringify(body)).toContain("webhook.test");
  });

  it("a delivered alert whose endpoint's creator is gone is audited with the endpoint as the actor", async () => {
    const created = await add({ url: receiver.url, kinds: [2] });
    await t.db
      .update(webhookEndpoints)
      .set({ createdBy: null })
      .where(eq(webhookEndpoints.id, created.body.id));
    const [member] = await t.db.select().from(users).where(eq(users.email, "client@example.com"));
    const at = "2026-11-26T09:19:30.000Z";
    await t.db.insert(webhookDeliveries).values({
      endpointId: created.body.id,
      eventId: "msg_alert_gone_creator",
      eventType: "alert.raised",
      payload: {
        type: "alert.raised",
        id: "msg_alert_gone_creator",
        timestamp: at,
        data: {
          workspace: "sakura",
          alert_id: 1,
          kind: "synchronization",
          measure: null,
          measure_name: null,
          value: null,
          unit: null,
          at,
          member: member?.id,
        },
      },
      status: "queued",
      nextAttemptAt: new Date(),
    });
    expect(await worker().drain()).toEqual({ delivered: 1, failed: 0 });
    const rows = await t.db
      .select()
      .from(accessAudit)
      .where(eq(accessAudit.requestId, "msg_alert_gone_creator"));
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: created.body.id,
        actorName: new URL(receiver.url).host,
        role: "staff",
        subjectId: member?.id,
        what: "webhook",
        periodFrom: new Date(at),
        periodTo: new Date(at),
      }),
    ]);
  });

  it("every try is counted in mimamori_webhook_deliveries_total, as GET /api/metrics shows", async () => {
    const created = await add({ url: receiver.url, kinds: [2] });
    const send = () => t.call("POST", `${BASE}/${created.body.id}/test`, undefined, { token: tokens.staff });
    const delivered = await scraped("delivered");
    const failed = await scraped("failed");
    expect((await send()).body).toMatchObject({ status: "delivered", last_status_code: 204 });
    expect(await scraped("delivered")).toBe(delivered + 1);
    expect(await scraped("failed")).toBe(failed);
    receiver.answers.push({ status: 500 });
    expect((await send()).body).toMatchObject({ status: "queued", last_status_code: 500 });
    expect(await scraped("failed")).toBe(failed + 1);
    expect(await scraped("delivered")).toBe(delivered + 1);
    // a test event carries no member's data: nothing for the access audit (append-only: earlier tests' rows stay)
    const audited = await t.db.select().from(accessAudit).where(eq(accessAudit.detail, created.body.id));
    expect(audited).toEqual([]);
  });
});
