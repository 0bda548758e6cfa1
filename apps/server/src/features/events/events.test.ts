import { Writable } from "node:stream";
import { message } from "@mimamori/shared";
import { eq, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { AppConfig } from "../../config";
import { changesOf } from "../../db/changes";
import { oneRow, openDatabase } from "../../db/client";
import { memberships, notifications, users } from "../../db/schema";
import { startTestApp, TEST_SECRET, type TestApp } from "../../test/app";
import { type Role, roleTokens } from "../../test/roles";

/*
 * The live event stream (issue 28 §2, §5) over real HTTP: an upload's alert reaches the entity's staff streams
 * within 5 s and no other entity's; who may open a stream; the stream ends with its token; two server instances on
 * one PostgreSQL. The world: the demo seed and test/roles.ts; the outsider is kaede's accepted member, so kaede's
 * staff (otherStaff) hear of their uploads and staff@ (sakura, harbor) must not.
 */

const HEAT_STRESS = "00005098";

interface Stream {
  status: number;
  headers: Headers;
  /** Complete frames received so far (the text between blank lines). */
  frames: string[];
  /** The `event: changed` frames. */
  events(): string[];
  /** Settles when the server ends the stream (or it is closed here). */
  ended: Promise<void>;
  close(): void;
}

/** An event's frame: what may have changed and the server's opaque `as_of` token, nothing else. */
const eventOf = (kinds: string[]) =>
  expect.stringMatching(
    new RegExp(
      `^event: changed\ndata: \\{"kinds":\\[${kinds.map((k) => `"${k}"`).join(",")}\\],"as_of":"[0-9a-f]{8}\\.\\d+"\\}$`,
    ),
  );

/** Opens an event stream with fetch, as the web does, and keeps reading it in the background. */
async function openStream(
  base: string,
  ws: string,
  token: string | undefined,
  lang: "en" | "ja" = "en",
): Promise<Stream & { body?: { code: string; detail: string } }> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/staff/${ws}/events`, {
    headers: { "accept-language": lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: abort.signal,
  });
  const frames: string[] = [];
  const base_ = {
    status: res.status,
    headers: res.headers,
    frames,
    events: () => frames.filter((f) => f.startsWith("event: changed")),
    close: () => abort.abort(),
  };
  if (!res.ok || !res.body) return { ...base_, ended: Promise.resolve(), body: await res.json() };
  const reader = res.body.getReader();
  const ended = (async () => {
    const decoder = new TextDecoder();
    let text = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
        for (let i = text.indexOf("\n\n"); i >= 0; i = text.indexOf("\n\n")) {
          frames.push(text.slice(0, i));
          text = text.slice(i + 2);
        }
      }
    } catch {
      // closed here
    }
  })();
  return { ...base_, ended };
}

const within = (ms: number, p: Promise<unknown>) =>
  Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);

async function uploadHeatStress(t: TestApp, token: string, value: number) {
  const res = await t.call(
    "POST",
    "/user/vitals",
    { samples: [{ code: HEAT_STRESS, time: Math.floor(Date.now() / 1000) - 2, value }], sleep: [] },
    { token },
  );
  expect(res.status).toBe(200);
  return performance.now();
}

/** A real token's claims, signed again with another expiry (seconds from now). */
async function tokenExpiringIn(idToken: string, seconds: number) {
  const claims = JSON.parse(Buffer.from(idToken.split(".")[1] as string, "base64url").toString());
  return new SignJWT({ sid: claims.sid, tv: claims.tv, email: claims.email })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuer("mimamori")
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(new TextEncoder().encode(TEST_SECRET));
}

let t: TestApp;
let tok: Record<Role, string | undefined>;
let outsiderToken: string;
let client2Token: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  tok = await roleTokens(t);
  const [outsider] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "outsider@example.com"));
  await t.db.insert(memberships).values({
    workspaceName: "kaede",
    userId: outsider?.id as string,
    role: "client",
    status: "accepted",
    acceptedAt: new Date(Date.now() - 60 * 86_400_000),
  });
  outsiderToken = tok.outsider as string;
  client2Token = (await t.signIn("client2@example.com")).idToken;
});
afterAll(() => t.close());

describe("GET /api/staff/{workspace}/events", () => {
  it("is an event stream that nothing buffers: no-store, no compression, a retry hint first", async () => {
    const res = await fetch(`${t.url}/api/staff/kaede/events`, {
      headers: { authorization: `Bearer ${tok.otherStaff}`, "accept-encoding": "gzip, br" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-encoding")).toBeNull();
    // helmet's headers are kept
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe("retry: 5000\n\n");
    await reader?.cancel();
  });

  it("brings an upload's alert to the entity's staff within 5 s, and nothing to another entity's", async () => {
    const kaede = await openStream(t.url, "kaede", tok.otherStaff);
    const kaede2 = await openStream(t.url, "kaede", tok.otherStaff); // a second tab
    const sakura = await openStream(t.url, "sakura", tok.staff);
    const harbor = await openStream(t.url, "harbor", tok.staff);
    expect([kaede.status, kaede2.status, sakura.status, harbor.status]).toEqual([200, 200, 200, 200]);
    try {
      const uploaded = await uploadHeatStress(t, outsiderToken, 95);
      await expect.poll(() => kaede.events().length, { timeout: 5000, interval: 20 }).toBe(1);
      await expect.poll(() => kaede2.events().length, { timeout: 5000, interval: 20 }).toBe(1);
      expect(performance.now() - uploaded).toBeLessThan(5000);
      // only that something changed: no name, no value, no id
      expect(kaede.events()).toEqual([eventOf(["entity"])]);
      // the upload raised kaede's alert (the page reads it through the API)
      const alerts = await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.workspaceName, "kaede"));
      expect(alerts).toHaveLength(1);
      const list = await t.call("GET", "/staff/kaede/notifications/unseen", undefined, {
        token: tok.otherStaff,
      });
      expect(list.body).toEqual({ count: 1 });
      // sakura's and harbor's streams heard nothing of it
      await new Promise((r) => setTimeout(r, 1500));
      expect(sakura.events()).toEqual([]);
      expect(harbor.events()).toEqual([]);

      // the other way round: harbor's member uploads; kaede hears nothing, harbor does, sakura not
      await uploadHeatStress(t, client2Token, 20);
      await expect.poll(() => harbor.events().length, { timeout: 5000, interval: 20 }).toBe(1);
      await new Promise((r) => setTimeout(r, 1500));
      expect(kaede.events()).toHaveLength(1);
      expect(sakura.events()).toEqual([]);
    } finally {
      for (const s of [kaede, kaede2, sakura, harbor]) s.close();
    }
  });

  it("tells every stream when anything may have changed (a mutating request)", async () => {
    const kaede = await openStream(t.url, "kaede", tok.otherStaff);
    const sakura = await openStream(t.url, "sakura", tok.staff);
    try {
      await t.signIn("client@example.com");
      for (const s of [kaede, sakura])
        await expect
          .poll(() => s.events(), { timeout: 5000, interval: 20 })
          .toEqual([eventOf(["everything"])]);
    } finally {
      kaede.close();
      sakura.close();
    }
  });

  it("is for the entity's staff only: 403 for another entity's staff, clients, admins; 401 without a valid token", async () => {
    const expired = await tokenExpiringIn(tok.otherStaff as string, -10);
    const cases: [string, string | undefined, number, string][] = [
      ["kaede", tok.staff, 403, "forbidden"], // staff of sakura and harbor, not kaede
      ["sakura", tok.otherStaff, 403, "forbidden"],
      ["sakura", tok.client, 403, "forbidden"],
      ["kaede", outsiderToken, 403, "forbidden"], // kaede's member, not its staff
      ["sakura", tok.admin, 403, "forbidden"],
      ["nowhere", tok.staff, 403, "forbidden"],
      ["sakura", undefined, 401, "unauthenticated"],
      ["sakura", `${tok.staff?.slice(0, -4)}AAAA`, 401, "unauthenticated"], // forged signature
      ["kaede", expired, 401, "unauthenticated"],
    ];
    for (const [ws, token, status, code] of cases)
      for (const lang of ["en", "ja"] as const) {
        const s = await openStream(t.url, ws, token, lang);
        expect({ ws, status: s.status, body: s.body }).toEqual({
          ws,
          status,
          body: { code, detail: message(code as "forbidden", lang === "ja" ? "jp" : "en") },
        });
        expect(s.headers.get("content-type")).toContain("application/json");
      }
  });

  it("ends when the caller's id token expires; a fresh token opens it again", async () => {
    const short = await tokenExpiringIn(tok.otherStaff as string, 2);
    const s = await openStream(t.url, "kaede", short);
    expect(s.status).toBe(200);
    const started = performance.now();
    expect(await within(6000, s.ended)).toBe(true);
    const lasted = performance.now() - started;
    expect(lasted).toBeGreaterThan(500);
    expect(lasted).toBeLessThan(4000);
    // the stale token can neither keep listening nor open another
    expect((await openStream(t.url, "kaede", short)).status).toBe(401);
    const again = await openStream(t.url, "kaede", tok.otherStaff);
    expect(again.status).toBe(200);
    again.close();
  });

  it("bounds one person's open streams: the 11th is 429 in the caller's language; a closed one frees its place", async () => {
    const open: Stream[] = [];
    try {
      for (let i = 0; i < 10; i++) open.push(await openStream(t.url, i % 2 ? "sakura" : "harbor", tok.staff));
      expect(open.map((s) => s.status)).toEqual(Array(10).fill(200));
      const refused = await openStream(t.url, "sakura", tok.staff, "ja");
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        code: "too-many-streams",
        detail:
          "ライブ更新を受け取っているページが既に10件あります。それ以上のページは30秒ごとに更新されます。",
      });
      // another person is not counted against it
      const other = await openStream(t.url, "kaede", tok.otherStaff);
      expect(other.status).toBe(200);
      other.close();
      open.pop()?.close();
      await expect
        .poll(async () => {
          const s = await openStream(t.url, "sakura", tok.staff);
          s.close();
          return s.status;
        })
        .toBe(200);
    } finally {
      for (const s of open) s.close();
    }
  });

  it("ends open streams when the server closes, without keeping app.close() waiting", async () => {
    const own = await startTestApp({ seed: true });
    const token = (await own.signIn("staff@example.com")).idToken;
    const s = await openStream(own.url, "sakura", token);
    expect(s.status).toBe(200);
    const closing = own.close();
    expect(await within(5000, closing)).toBe(true);
    expect(await within(1000, s.ended)).toBe(true);
  });

  // PostgreSQL only: the change reaches the other instance over LISTEN/NOTIFY (PGlite is one process)
  it.runIf(process.env.DATABASE_URL)(
    "holds with two server instances on one PostgreSQL: an upload through one reaches a stream on the other",
    async () => {
      const url = new URL(process.env.DATABASE_URL as string);
      const { d } = await oneRow<{ d: string }>(t.db, sql`select current_database() as d`);
      url.pathname = `/${d}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      const second = await buildApp(SECOND_CONFIG, {
        database,
        logStream: new Writable({ write: (_chunk, _enc, done) => done() }),
      });
      const address = await second.listen({ port: 0, host: "127.0.0.1" });
      try {
        const onSecond = await openStream(address, "kaede", tok.otherStaff);
        const sakuraOnSecond = await openStream(address, "sakura", tok.staff);
        expect(onSecond.status).toBe(200);
        const uploaded = await uploadHeatStress(t, outsiderToken, 96);
        await expect.poll(() => onSecond.events().length, { timeout: 5000, interval: 20 }).toBe(1);
        expect(performance.now() - uploaded).toBeLessThan(5000);
        expect(onSecond.events()).toEqual([eventOf(["entity"])]);
        await new Promise((r) => setTimeout(r, 1500));
        expect(sakuraOnSecond.events()).toEqual([]);
        onSecond.close();
        sakuraOnSecond.close();
      } finally {
        await second.close();
        await database.close();
      }
    },
  );

  // PostgreSQL only: a process that cannot hear the others ends its streams (the pages poll) and hears again
  it.runIf(process.env.DATABASE_URL)(
    "ends its streams while it cannot hear other processes, and opens them again once it can",
    async () => {
      const s = await openStream(t.url, "kaede", tok.otherStaff);
      expect(s.status).toBe(200);
      await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'listen mimamori_changes'`);
      expect(await within(5000, s.ended)).toBe(true);
      await expect.poll(() => changesOf(t.db).hearsOthers(), { timeout: 10_000 }).toBe(true);
      const again = await openStream(t.url, "kaede", tok.otherStaff);
      expect(again.status).toBe(200);
      again.close();
    },
  );
});

/** The second instance: the same secret (the first one's tokens work there), no jobs, no mail. */
const SECOND_CONFIG: AppConfig = {
  port: 0,
  host: "127.0.0.1",
  dataDir: "",
  mailFrom: "Mimamori <no-reply@mimamori.test>",
  appUrl: "http://127.0.0.1",
  authSecret: TEST_SECRET,
  logLevel: "info",
  trustProxy: false,
};
