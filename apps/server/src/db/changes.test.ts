import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startTestApp } from "../test/app";
import { changesOf } from "./changes";
import type { Db } from "./client";
import { oneRow, openDatabase } from "./client";

describe("change clock", () => {
  it("is current for a stamp until a change to its entity or to everything", () => {
    const c = changesOf({} as Db);
    const s = c.stamp();
    c.entities(["harbor"]);
    expect(c.isCurrent(s, "sakura")).toBe(true);
    expect(c.isCurrent(s, "harbor")).toBe(false);
    const s2 = c.stamp();
    expect(c.isCurrent(s2, "harbor")).toBe(true);
    c.everything();
    expect(c.isCurrent(s2, "sakura")).toBe(false);
    expect(c.isCurrent(c.stamp(), "sakura")).toBe(true);
  });

  it("is one clock per database handle", () => {
    const a = {} as Db;
    expect(changesOf(a)).toBe(changesOf(a));
    expect(changesOf(a)).not.toBe(changesOf({} as Db));
  });

  it("marks everything changed after a mutating API call, not after a read or a refused call", async () => {
    const t = await startTestApp({ seed: true });
    try {
      const c = changesOf(t.db);
      let s = c.stamp();
      expect((await t.call("GET", "/health")).status).toBe(200);
      expect(c.isCurrent(s, "sakura")).toBe(true);
      const bad = await t.call("POST", "/auth/sign-in", { email: "nobody" });
      expect(bad.status).toBe(400);
      expect(c.isCurrent(s, "sakura")).toBe(true);
      await t.signIn("staff@example.com");
      expect(c.isCurrent(s, "sakura")).toBe(false);
      // an upload marks only its member's entities (vitals/store.ts)
      const client2 = await t.signIn("client2@example.com");
      s = c.stamp();
      const up = await t.call(
        "POST",
        "/user/vitals",
        { samples: [{ code: "00005091", time: Math.floor(Date.now() / 1000) - 60, value: 70 }], sleep: [] },
        { token: client2.idToken },
      );
      expect(up.status).toBe(200);
      expect(c.isCurrent(s, "harbor")).toBe(false);
      expect(c.isCurrent(s, "kaede")).toBe(true);
    } finally {
      await t.close();
    }
  });

  // PostgreSQL only: processes on one database tell each other (LISTEN/NOTIFY)
  it.runIf(process.env.DATABASE_URL)("reaches another process on the same PostgreSQL", async () => {
    const t = await startTestApp({});
    const url = new URL(process.env.DATABASE_URL as string);
    const { d } = await oneRow<{ d: string }>(t.db, sql`select current_database() as d`);
    url.pathname = `/${d}`;
    const other = await openDatabase({ databaseUrl: url.toString() });
    try {
      const theirs = changesOf(other.db);
      const s = theirs.stamp();
      changesOf(t.db).entities(["sakura"]);
      await expect.poll(() => theirs.isCurrent(s, "sakura"), { timeout: 5000 }).toBe(false);
      expect(theirs.isCurrent(s, "harbor")).toBe(true);
      const s2 = theirs.stamp();
      changesOf(t.db).everything();
      await expect.poll(() => theirs.isCurrent(s2, "harbor"), { timeout: 5000 }).toBe(false);
    } finally {
      await other.close();
      await t.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    "keeps nothing current while it cannot hear other processes, and hears them again",
    async () => {
      const t = await startTestApp({});
      try {
        const c = changesOf(t.db);
        expect(c.isCurrent(c.stamp(), "sakura")).toBe(true);
        await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'listen mimamori_changes'`);
        await expect.poll(() => c.isCurrent(c.stamp(), "sakura"), { timeout: 5000 }).toBe(false);
        // opened again after a second
        await expect.poll(() => c.isCurrent(c.stamp(), "sakura"), { timeout: 10000 }).toBe(true);
      } finally {
        await t.close();
      }
    },
  );
});
