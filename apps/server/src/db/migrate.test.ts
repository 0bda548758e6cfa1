import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase, rows } from "./client";
import { migrateDatabase, migrationsApplied, newestMigrationMillis } from "./migrate";

describe("migrations", () => {
  // issue 31 §2: servers started at once on one PostgreSQL take turns; each start succeeds and applies nothing twice
  it.runIf(process.env.DATABASE_URL)(
    "are applied once when four servers start on one new database at once",
    async () => {
      const url = new URL(process.env.DATABASE_URL as string);
      const name = `mm_migrate_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      url.pathname = `/${name}`;
      const servers = await Promise.all(
        [1, 2, 3, 4].map(() => openDatabase({ databaseUrl: url.toString() })),
      );
      try {
        const results = await Promise.allSettled(servers.map((s) => migrateDatabase(s)));
        expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
        const first = servers[0]?.db;
        if (!first) throw new Error("no server");
        const [count] = await rows<{ n: number; distinct: number }>(
          first,
          sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
        );
        expect(count?.n).toBe(count?.distinct);
        expect(await migrationsApplied(first)).toBe(true);
      } finally {
        await Promise.all(servers.map((s) => s.close()));
        await admin.query(`drop database if exists ${name}`);
        await admin.end();
      }
    },
  );

  it("the newest migration the server carries is known, and a migrated database has it", async () => {
    expect(newestMigrationMillis()).toBeGreaterThan(Date.UTC(2026, 0, 1));
    const database = await openDatabase({});
    try {
      expect(await migrationsApplied(database.db)).toBe(false);
      await migrateDatabase(database);
      expect(await migrationsApplied(database.db)).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);
});
