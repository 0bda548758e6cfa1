import { sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/app";
import { rows } from "./client";
import { vacuumDueTables } from "./maintenance";
import { vitalSamples } from "./schema";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
});
afterAll(() => t.close());

const SAMPLES = getTableConfig(vitalSamples).name;

const stats = async () => {
  const [r] = await rows<{ analyzed: boolean; vacuumed: boolean }>(
    t.db,
    sql`select (last_analyze is not null or last_autoanalyze is not null) as analyzed,
      (last_vacuum is not null or last_autovacuum is not null) as vacuumed
      from pg_stat_user_tables where relname = ${SAMPLES}`,
  );
  return r;
};

// PostgreSQL reports table statistics asynchronously and runs its own autovacuum: only PGlite is checked here.
describe.skipIf(process.env.DATABASE_URL)("autovacuum on PGlite", () => {
  it("vacuums and analyzes a table once enough rows were added, and not again until more are", async () => {
    const { idToken } = await t.signIn("client2@example.com");
    const t0 = Date.parse("2024-06-01T00:00:00Z") / 1000;
    const samples = Array.from({ length: 3000 }, (_, i) => ({
      code: "00005091",
      time: t0 + i * 60,
      value: 70,
    }));
    expect((await t.call("POST", "/user/vitals", { samples }, { token: idToken })).status).toBe(200);
    expect(await stats()).toEqual({ analyzed: false, vacuumed: false });
    expect(await vacuumDueTables(t.db)).toContain(SAMPLES);
    expect(await stats()).toEqual({ analyzed: true, vacuumed: true });
    expect(await vacuumDueTables(t.db)).not.toContain(SAMPLES);
  });
});
