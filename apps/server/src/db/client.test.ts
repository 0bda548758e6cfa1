import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startTestApp } from "../test/app";
import { rows } from "./client";

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
