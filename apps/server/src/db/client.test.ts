import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startTestApp } from "../test/app";
import { binaryArray, fixedStatement, numberArray, rows } from "./client";

describe("prepared raw queries (rows with { prepared: true })", () => {
  it("answer each call's own values, and on PostgreSQL run as one named statement per text with custom plans", async () => {
    const t = await startTestApp();
    try {
      const twice = (n: number) => sql`select ${n}::int * 2 as doubled`;
      // one transaction: one connection, whose prepared statements pg_prepared_statements lists
      await t.db.transaction(async (tx) => {
        for (const n of [1, 2, 3])
          expect(await rows<{ doubled: number }>(tx, twice(n), { prepared: true })).toEqual([
            { doubled: n * 2 },
          ]);
        if (t.database.kind !== "postgres") return;
        const named = await rows<{ name: string; calls: number }>(
          tx,
          sql`select name, (generic_plans + custom_plans)::int as calls from pg_prepared_statements
            where statement like ${"%::int * 2 as doubled"}`,
        );
        expect(named).toHaveLength(1);
        expect(named[0]?.name).toMatch(/^p[\w-]{27}$/);
        expect(named[0]?.calls).toBe(3);
        const [mode] = await rows<{ plan_cache_mode: string }>(tx, sql`show plan_cache_mode`);
        expect(mode?.plan_cache_mode).toBe("force_custom_plan");
      });
    } finally {
      await t.close();
    }
  });
});

describe("fixedStatement (a text written once, values by placeholder)", () => {
  const sum = fixedStatement<{ total: number; label: string | null }>(
    sql`select ${sql.placeholder("a")}::int + ${sql.placeholder("b")}::int as total,
      ${sql.placeholder("label")}::text as label, 'fixed' as kind`,
  );
  it("answers each call's own values (null too), as one named statement on PostgreSQL", async () => {
    const t = await startTestApp();
    try {
      await t.db.transaction(async (tx) => {
        expect(await sum(tx, { a: 1, b: 2, label: "x" })).toEqual([{ total: 3, label: "x", kind: "fixed" }]);
        expect(await sum(tx, { a: 40, b: 2, label: null })).toEqual([
          { total: 42, label: null, kind: "fixed" },
        ]);
        if (t.database.kind !== "postgres") return;
        const named = await rows<{ name: string; calls: number }>(
          tx,
          sql`select name, (generic_plans + custom_plans)::int as calls from pg_prepared_statements
            where statement like ${"%'fixed' as kind"}`,
        );
        expect(named).toEqual([{ name: expect.stringMatching(/^p[\w-]{27}$/), calls: 2 }]);
      });
      // outside a transaction too (the pool's connection, PGlite's client)
      expect(await sum(t.db, { a: 5, b: 5, label: "y" })).toEqual([{ total: 10, label: "y", kind: "fixed" }]);
    } finally {
      await t.close();
    }
  });
});

describe("numberArray", () => {
  it("binds each numeric type's values exactly, in a transaction and outside one (binary on PostgreSQL)", async () => {
    const t = await startTestApp();
    try {
      const read = (db: typeof t.db) =>
        rows<{ s: number[]; i: number[]; f: number[]; n: number }>(
          db,
          sql`select ${numberArray(db, "smallint", [5091, -1, 0])}::int[] as s,
            ${numberArray(db, "int", [2_147_483_647, -7])} as i,
            ${numberArray(db, "float8", [0.1, -2.5e-300, 1.7e12 + 0.125])} as f,
            cardinality(${numberArray(db, "float8", [])}) as n`,
        );
      const expected = [
        { s: [5091, -1, 0], i: [2_147_483_647, -7], f: [0.1, -2.5e-300, 1.7e12 + 0.125], n: 0 },
      ];
      expect(await read(t.db)).toEqual(expected);
      await t.db.transaction(async (tx) => expect(await read(tx)).toEqual(expected));
    } finally {
      await t.close();
    }
  });

  it("writes PostgreSQL's binary array header, then each element's length and value", () => {
    const b = binaryArray("smallint", [7, -2]);
    expect([0, 4, 8, 12, 16].map((o) => b.readInt32BE(o))).toEqual([1, 0, 21, 2, 1]);
    expect([b.readInt32BE(20), b.readInt16BE(24), b.readInt32BE(26), b.readInt16BE(30)]).toEqual([
      2, 7, 2, -2,
    ]);
    expect(b.length).toBe(32);
  });
});

describe("a PostgreSQL restart or an administrator ending connections", () => {
  it.runIf(process.env.DATABASE_URL)(
    "drops the ended idle connections without ending the process, and the next query opens a new one",
    async () => {
      const t = await startTestApp();
      try {
        // warm several idle connections, then end every one of this database's other sessions, as a restart would
        await Promise.all([1, 2, 3].map((n) => rows(t.db, sql`select pg_sleep(0.05), ${n}::int as n`)));
        const ended = await rows<{ ended: boolean }>(
          t.db,
          sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and state = 'idle'
              and query <> 'listen mimamori_changes'`,
        );
        expect(ended.length).toBeGreaterThan(0);
        // an ended idle connection's error, unheard, would escape as an uncaught exception: vitest fails the run on it
        await new Promise((r) => setTimeout(r, 200));
        // queries keep working on new connections (retry once: the pool may hand out the connection it just lost)
        const answer = await rows<{ n: number }>(t.db, sql`select 7::int as n`).catch(() =>
          rows<{ n: number }>(t.db, sql`select 7::int as n`),
        );
        expect(answer).toEqual([{ n: 7 }]);
      } finally {
        await t.close();
      }
    },
  );
});
