import type { AuditEntry, AuditPage, MyAuditPage } from "@mimamori/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/client";
import { accessAudit, dataItems, dataItemTypes, dataShares, memberships, users } from "../../db/schema";
import { captureLog } from "../../jobs/test-helpers";
import { type AuditCaller, auditListWriter } from "../../lib/access-audit";
import { type BoardWorld, type Person, startBoardWorld, type TestEntity } from "../../test/worlds/board";
import { auditRetentionJob } from "./retention-job";

/**
 * The access audit (issue 29 §1), over HTTP on the real app: each audited read writes one row per person whose
 * data it answers (who, role, entity, whose, what, period, request id, address), in one statement; reading one's
 * own data and refused reads write none; admins search and download it; a person lists their own; nothing in the
 * product changes or removes a row, and the table refuses it; the retention job removes rows past the period.
 */
let b: BoardWorld;
let adminToken: string;
let adminId: string;
beforeAll(async () => {
  b = await startBoardWorld();
  const signedIn = await b.w.t.signIn("admin@example.com");
  adminToken = signedIn.idToken;
  adminId = signedIn.user.uid;
});
afterAll(() => b.w.t.close());

const HR = "00005091";
const DAY_S = 86400;
const nowS = () => Math.floor(Date.now() / 1000);
const call = (...args: Parameters<BoardWorld["w"]["t"]["call"]>) => b.w.t.call(...args);

type Row = typeof accessAudit.$inferSelect;
/** The rows written about these people (any reader), oldest first. */
async function rowsAbout(...people: Person[]): Promise<Row[]> {
  const all = await b.w.t.db.select().from(accessAudit).orderBy(accessAudit.id);
  const ids = new Set(people.map((p) => p.id));
  return all.filter((r) => ids.has(r.subjectId));
}
async function rowsOf(reader: Person): Promise<Row[]> {
  return b.w.t.db
    .select()
    .from(accessAudit)
    .where(eq(accessAudit.actorId, reader.id))
    .orderBy(accessAudit.id);
}
/** Transactions that wrote the rows: one statement outside a transaction is one. */
async function writers(requestId: string): Promise<number> {
  const [r] = await rows<{ n: number }>(
    b.w.t.db,
    sql`select count(distinct xmin::text)::int as n from ${accessAudit} where ${accessAudit.requestId} = ${requestId}`,
  );
  return r?.n ?? 0;
}

describe("audited reads", () => {
  it("a member's chart and CSV: who, role, entity, whose, what, the period, request id and address", async () => {
    const e = await b.entity({ members: 2 });
    const [a] = e.members as [Person];
    const start = nowS() - 2 * DAY_S;
    const end = nowS();
    const q = `?start_time=${start}&end_time=${end}&interval=daily&timezone=Asia/Tokyo`;
    let res = await call("GET", `/staff/${e.ws}/reports/${HR}/${a.id}${q}`, undefined, {
      token: e.staff.token,
    });
    expect(res.status).toBe(200);
    res = await call(
      "GET",
      `/staff/${e.ws}/reports/${HR}/${a.id}/download${q.replace("daily", "1hour")}`,
      undefined,
      {
        token: e.staff.token,
      },
    );
    expect(res.status).toBe(200);
    const written = await rowsAbout(...e.members);
    expect(written.map((r) => [r.subjectId, r.what, r.detail])).toEqual([
      [a.id, "chart", HR],
      [a.id, "csv", HR],
    ]);
    const [chart] = written as [Row];
    expect(chart).toMatchObject({
      actorId: e.staff.id,
      actorName: e.staff.name,
      role: "staff",
      workspaceName: e.ws,
      entityName: e.ws.replace("board", "Board "),
      address: "127.0.0.1",
    });
    // the period read: the query's window from the member's consent on (two days ago in this world)
    expect(chart.periodTo?.getTime()).toBe(end * 1000);
    expect(chart.periodFrom?.getTime()).toBeGreaterThanOrEqual(start * 1000);
    expect(chart.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(written[1]?.requestId).not.toBe(chart.requestId);
  });

  it("an entity-wide report writes one row per member it covers, in one statement; KPIs too", async () => {
    const e = await b.entity({ members: 4, unaccepted: true });
    const q = "?timezone=Asia/Tokyo&interval=7";
    const res = await call("GET", `/staff/${e.ws}/reports_v2/${HR}${q}`, undefined, { token: e.staff.token });
    expect(res.status).toBe(200);
    let written = await rowsOf(e.staff);
    expect(written.map((r) => r.subjectId).sort()).toEqual(e.members.map((m) => m.id).sort());
    expect(new Set(written.map((r) => r.what))).toEqual(new Set(["report"]));
    expect(written[0]?.periodFrom?.getTime()).toBe(res.body.start_time * 1000);
    expect(written[0]?.periodTo?.getTime()).toBe(res.body.end_time * 1000);
    expect(await writers(written[0]?.requestId as string)).toBe(1);
    // a kept answer (same minute) is recorded again: every read is
    await call("GET", `/staff/${e.ws}/reports_v2/${HR}${q}`, undefined, { token: e.staffJp.token });
    expect((await rowsOf(e.staffJp)).length).toBe(4);
    await call("GET", `/staff/${e.ws}/reports_v2/kpis${q}`, undefined, { token: e.staff.token });
    written = (await rowsOf(e.staff)).filter((r) => r.what === "kpis");
    // the invited and the pending client share nothing: not covered
    expect(written.map((r) => r.subjectId).sort()).toEqual(e.members.map((m) => m.id).sort());
  });

  it("a report's members are recorded while it is read; whoever it holds that they missed is recorded after", async () => {
    const e = await b.entity({ members: 3 });
    const [a, c, d] = e.members as [Person, Person, Person];
    // an accepted member without a time of acceptance: in the report, not among the entity's consenting members
    await b.w.t.db
      .update(memberships)
      .set({ acceptedAt: null })
      .where(and(eq(memberships.workspaceName, e.ws), eq(memberships.userId, d.id)));
    const res = await call(
      "GET",
      `/staff/${e.ws}/reports_v2/${HR}?timezone=Asia/Tokyo&interval=7`,
      undefined,
      {
        token: e.staff.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { user: { uid: string } }) => u.user.uid).sort()).toEqual(
      [a.id, c.id, d.id].sort(),
    );
    const written = await rowsOf(e.staff);
    expect(written.map((r) => r.subjectId).sort()).toEqual([a.id, c.id, d.id].sort());
    // one request, two statements: the members first, then the one they missed
    expect(new Set(written.map((r) => r.requestId)).size).toBe(1);
    expect(await writers(written[0]?.requestId as string)).toBe(2);
    expect(written.at(-1)?.subjectId).toBe(d.id);
  });

  it("an entity-wide report over 1,000 members writes 1,000 rows in one statement", async () => {
    const e = await b.entity({ members: 0 });
    const db = b.w.t.db;
    const added = await db
      .insert(users)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          email: `${e.ws}-many${i}@example.com`,
          name: `Many ${i}`,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    await db.insert(memberships).values(
      added.map((u) => ({
        workspaceName: e.ws,
        userId: u.id,
        role: "client" as const,
        status: "accepted" as const,
        acceptedAt: new Date(Date.now() - DAY_S * 1000),
      })),
    );
    const res = await call(
      "GET",
      `/staff/${e.ws}/reports_v2/${HR}?timezone=Asia/Tokyo&interval=1`,
      undefined,
      {
        token: e.staff.token,
      },
    );
    expect(res.status).toBe(200);
    const written = await rowsOf(e.staff);
    expect(written.length).toBe(1000);
    expect(await writers(written[0]?.requestId as string)).toBe(1);
  });

  it("the board: one row per member it shows", async () => {
    const e = await b.entity({ members: 3 });
    const [a] = e.members as [Person];
    const at = Math.floor(Date.now() / 60000) * 60000 - 30 * 60000;
    await b.upload(a, [{ code: HR, at, value: 175 }]);
    const res = await call("GET", `/staff/${e.ws}/board?timezone=Asia/Tokyo`, undefined, {
      token: e.staff.token,
    });
    expect(res.status).toBe(200);
    const shown = new Set<string>(
      [...res.body.zones, ...res.body.not_syncing, ...res.body.open_alerts].map(
        (r: { user: { uid: string } }) => r.user.uid,
      ),
    );
    expect(shown.has(a.id)).toBe(true);
    const written = await rowsOf(e.staff);
    expect(written.map((r) => r.subjectId).sort()).toEqual([...shown].sort());
    expect(written.every((r) => r.what === "board" && r.periodFrom === null)).toBe(true);
    // the board refreshing itself (every 30 s, on every change) writes no more rows within AUDIT_REPEAT_MS
    for (let i = 0; i < 3; i++)
      expect(
        (await call("GET", `/staff/${e.ws}/board?timezone=Asia/Tokyo`, undefined, { token: e.staff.token }))
          .status,
      ).toBe(200);
    expect((await rowsOf(e.staff)).length).toBe(written.length);
  });

  it("data items and admin exports are recorded; an admin read names no entity", async () => {
    const e = await b.entity({ members: 1 });
    const [a] = e.members as [Person];
    const db = b.w.t.db;
    const [type] = await db.select().from(dataItemTypes).limit(1);
    const [item] = await db
      .insert(dataItems)
      .values({ userId: a.id, typeId: type?.id as number })
      .returning();
    await db.insert(dataShares).values({ itemId: item?.id as number, workspaceName: e.ws });
    let res = await call("GET", `/staff/${e.ws}/user/${a.id}/data`, undefined, { token: e.staff.token });
    expect(res.status).toBe(200);
    res = await call("GET", `/staff/${e.ws}/data/${item?.id}/user/${a.id}`, undefined, {
      token: e.staff.token,
    });
    expect(res.status).toBe(200);
    expect((await rowsOf(e.staff)).map((r) => [r.subjectId, r.what, r.detail])).toEqual([
      [a.id, "data-items", null],
      [a.id, "data-item", String(item?.id)],
    ]);
    const q = `?start_time=${nowS() - DAY_S}&end_time=${nowS()}&timezone=Asia/Tokyo`;
    res = await call("GET", `/admin/users/data/${a.id}/download${q}`, undefined, { token: adminToken });
    expect(res.status).toBe(200);
    const [exp] = (await rowsAbout(a)).filter((r) => r.actorId === adminId);
    expect(exp).toMatchObject({
      role: "super-user",
      workspaceName: null,
      entityName: null,
      what: "admin-export",
    });
  });
});

describe("reads written together", () => {
  it("reads of lists that arrive while a write is under way are written in one statement; a read alone at once", async () => {
    const e = await b.entity({ members: 3 });
    const [a, c, d] = e.members as [Person, Person, Person];
    const write = auditListWriter(b.w.t.db);
    const caller = (requestId: string): AuditCaller => ({
      actorId: e.staff.id,
      actorName: `O'Brien, "Ann" {x} \\ y`,
      role: "staff",
      workspace: e.ws,
      requestId,
      address: "192.0.2.1",
    });
    const from = new Date(Date.UTC(2026, 10, 1));
    const to = new Date(Date.UTC(2026, 10, 8));
    await Promise.all([
      write({ caller: caller("batch-1"), read: { what: "board", subjects: [a.id, c.id] } }),
      // a person twice and the reader: one row, for the person
      write({
        caller: caller("batch-2"),
        read: { what: "chart", subjects: [d.id, d.id, e.staff.id], detail: HR, from, to },
      }),
      write({ caller: caller("batch-3"), read: { what: "board", subjects: [a.id], workspace: null } }),
    ]);
    const byRow = (r: Row) => `${r.requestId} ${r.subjectId}`;
    const written = (await rowsOf(e.staff)).sort((x, y) => byRow(x).localeCompare(byRow(y)));
    expect(
      written.map((r) => [
        r.requestId,
        r.subjectId,
        r.what,
        r.detail,
        r.periodFrom,
        r.periodTo,
        r.workspaceName,
      ]),
    ).toEqual([
      ...[a.id, c.id].sort().map((id) => ["batch-1", id, "board", null, null, null, e.ws]),
      ["batch-2", d.id, "chart", HR, from, to, e.ws],
      ["batch-3", a.id, "board", null, null, null, null],
    ]);
    expect(written.map((r) => [r.actorName, r.role, r.address])).toEqual(
      Array(4).fill([`O'Brien, "Ann" {x} \\ y`, "staff", "192.0.2.1"]),
    );
    expect(written.map((r) => r.entityName)).toEqual([
      ...Array(3).fill(e.ws.replace("board", "Board ")),
      null,
    ]);
    // the first alone, the two that came while it was written together
    expect([await writers("batch-1"), await writers("batch-2"), await writers("batch-3")]).toEqual([1, 1, 1]);
    const [tx] = await rows<{ n: number }>(
      b.w.t.db,
      sql`select count(distinct xmin::text)::int as n from ${accessAudit}
        where ${accessAudit.requestId} in ('batch-2', 'batch-3')`,
    );
    expect(tx?.n).toBe(1);
    const [all] = await rows<{ n: number }>(
      b.w.t.db,
      sql`select count(distinct xmin::text)::int as n from ${accessAudit} where ${accessAudit.requestId} like 'batch-%'`,
    );
    expect(all?.n).toBe(2);
  });

  it("a statement that fails fails every read in it, and writes none of their rows", async () => {
    const e = await b.entity({ members: 2 });
    const [a, c] = e.members as [Person, Person];
    const write = auditListWriter(b.w.t.db);
    const caller = (requestId: string): AuditCaller => ({
      actorId: e.staff.id,
      actorName: e.staff.name,
      role: "staff",
      workspace: e.ws,
      requestId,
      address: "192.0.2.1",
    });
    const settled = await Promise.allSettled([
      write({ caller: caller("fail-1"), read: { what: "board", subjects: [a.id] } }),
      write({ caller: caller("fail-2"), read: { what: "board", subjects: ["not-a-uuid"] } }),
      write({ caller: caller("fail-3"), read: { what: "board", subjects: [c.id] } }),
    ]);
    expect(settled.map((x) => x.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    expect((await rowsOf(e.staff)).map((r) => [r.requestId, r.subjectId])).toEqual([["fail-1", a.id]]);
  });
});

describe("not recorded", () => {
  it("reading one's own data as staff: the report leaves the reader out, the own chart writes nothing", async () => {
    const e = await b.entity({ members: 2 });
    await b.w.t.db.insert(memberships).values({
      workspaceName: e.ws,
      userId: e.staffJp.id,
      role: "client",
      status: "accepted",
      acceptedAt: new Date(Date.now() - DAY_S * 1000),
    });
    // (one person holds one membership per entity and role)
    const q = "?timezone=Asia/Tokyo&interval=7";
    expect(
      (await call("GET", `/staff/${e.ws}/reports_v2/${HR}${q}`, undefined, { token: e.staffJp.token }))
        .status,
    ).toBe(200);
    const written = await rowsOf(e.staffJp);
    expect(written.map((r) => r.subjectId).sort()).toEqual(e.members.map((m) => m.id).sort());
    const chartQ = `?start_time=${nowS() - DAY_S}&end_time=${nowS()}&interval=daily&timezone=Asia/Tokyo`;
    const res = await call("GET", `/staff/${e.ws}/reports/${HR}/${e.staffJp.id}${chartQ}`, undefined, {
      token: e.staffJp.token,
    });
    expect(res.status).toBe(200);
    expect((await rowsOf(e.staffJp)).length).toBe(2);
  });

  it("a member reading their own data writes nothing", async () => {
    const e = await b.entity({ members: 1 });
    const [a] = e.members as [Person];
    const res = await call(
      "GET",
      `/user/reports/${HR}?start_time=${nowS() - DAY_S}&end_time=${nowS()}`,
      undefined,
      {
        token: a.token,
      },
    );
    expect(res.status).toBeLessThan(500);
    expect(await rowsAbout(a)).toEqual([]);
  });

  it("refused reads (4xx) write nothing", async () => {
    const e = await b.entity({ members: 1 });
    const [a] = e.members as [Person];
    const other = await b.entity({ members: 1 });
    const q = `?start_time=${nowS() - DAY_S}&end_time=${nowS()}&interval=daily&timezone=Asia/Tokyo`;
    // another entity's member: 404
    let res = await call("GET", `/staff/${e.ws}/reports/${HR}/${other.members[0]?.id}${q}`, undefined, {
      token: e.staff.token,
    });
    expect(res.status).toBe(404);
    // a bad window: 400
    res = await call(
      "GET",
      `/staff/${e.ws}/reports/${HR}/${a.id}?start_time=5&end_time=1&timezone=Asia/Tokyo`,
      undefined,
      {
        token: e.staff.token,
      },
    );
    expect(res.status).toBe(400);
    // not staff of the entity: 403
    res = await call("GET", `/staff/${e.ws}/reports/${HR}/${a.id}${q}`, undefined, {
      token: other.staff.token,
    });
    expect(res.status).toBe(403);
    expect(await rowsAbout(a, ...(other.members as Person[]))).toEqual([]);
  });

  it("a read whose rows cannot be written is not answered: 500, no chart or CSV leaves", async () => {
    const e = await b.entity({ members: 1 });
    const [a] = e.members as [Person];
    const db = b.w.t.db;
    // the chart's write starts while it is read, the CSV's when it is answered: neither answer leaves without it
    await db.execute(
      sql.raw(`create function audit_refuses() returns trigger language plpgsql as
      $$ begin raise exception 'audit write refused'; end $$`),
    );
    await db.execute(
      sql`create trigger audit_refuses before insert on ${accessAudit} for each row
      when (new.subject_id = ${sql.raw(`'${a.id}'`)}) execute function audit_refuses()`,
    );
    try {
      const q = `?start_time=${nowS() - DAY_S}&end_time=${nowS()}&interval=daily&timezone=Asia/Tokyo`;
      const chart = await call("GET", `/staff/${e.ws}/reports/${HR}/${a.id}${q}`, undefined, {
        token: e.staff.token,
      });
      expect(chart.status).toBe(500);
      expect(JSON.stringify(chart.body)).not.toContain("00005091");
      const csv = await call(
        "GET",
        `/staff/${e.ws}/reports/${HR}/${a.id}/download${q.replace("daily", "1hour")}`,
        undefined,
        { token: e.staff.token },
      );
      expect(csv.status).toBe(500);
      expect(csv.headers.get("content-type")).not.toContain("text/csv");
    } finally {
      await db.execute(sql`drop trigger audit_refuses on ${accessAudit}`);
      await db.execute(sql.raw("drop function audit_refuses()"));
    }
    expect(await rowsAbout(a)).toEqual([]);
  });
});

describe("the admin search and CSV, and the person's own list", () => {
  let e: TestEntity;
  let a: Person;
  let c: Person;
  beforeAll(async () => {
    e = await b.entity({ members: 2 });
    [a, c] = e.members as [Person, Person];
    // a staff name a spreadsheet would read as a formula
    await b.w.t.db.update(users).set({ name: "=HYPERLINK(1)" }).where(eq(users.id, e.staffJp.id));
    const q = `?start_time=${nowS() - DAY_S}&end_time=${nowS()}&interval=daily&timezone=Asia/Tokyo`;
    for (const [who, m] of [
      [e.staff, a],
      [e.staff, c],
      [e.staffJp, a],
    ] as const)
      expect(
        (await call("GET", `/staff/${e.ws}/reports/${HR}/${m.id}${q}`, undefined, { token: who.token }))
          .status,
      ).toBe(200);
  });

  const search = async (q: string, token = adminToken, lang: "en" | "ja" = "en") =>
    call("GET", `/admin/access-audit${q}`, undefined, { token, lang });

  it("finds by person, staff member, entity and period, newest first, paged", async () => {
    const res = await search(`?person=${a.id}`);
    expect(res.status).toBe(200);
    let page = res.body as AuditPage;
    expect(page.entries.map((x) => [x.actor.uid, x.subject.uid])).toEqual([
      [e.staffJp.id, a.id],
      [e.staff.id, a.id],
    ]);
    const first = page.entries[1] as AuditEntry;
    expect(first).toMatchObject({
      role: "staff",
      entity: { workspace_name: e.ws, name: e.ws.replace("board", "Board ") },
      subject: { uid: a.id, name: a.name },
      actor: { uid: e.staff.id, name: e.staff.name },
      what: "chart",
      detail: HR,
      address: "127.0.0.1",
    });
    page = (await search(`?staff=${e.staff.id}`)).body;
    expect(page.entries.map((x) => x.subject.uid)).toEqual([c.id, a.id]);
    page = (await search(`?workspace=${e.ws}&staff=${e.staffJp.id}`)).body;
    expect(page.entries.map((x) => x.subject.uid)).toEqual([a.id]);
    page = (await search(`?workspace=${e.ws}&limit=2`)).body;
    expect(page.entries.length).toBe(2);
    expect(page.has_more).toBe(true);
    page = (await search(`?workspace=${e.ws}&limit=2&offset=2`)).body;
    expect(page.entries.length).toBe(1);
    expect(page.has_more).toBe(false);
    // a period before the reads: none
    page = (
      await search(`?workspace=${e.ws}&start_time=${nowS() - 10 * DAY_S}&end_time=${nowS() - 5 * DAY_S}`)
    ).body;
    expect(page.entries).toEqual([]);
  });

  it("refuses a bad filter in the caller's language", async () => {
    let res = await search(`?start_time=${nowS() - DAY_S}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "period-incomplete",
      detail: "Give both the start and the end of the period.",
    });
    res = await search(`?start_time=${nowS() - DAY_S}`, adminToken, "ja");
    expect(res.body.detail).toBe("期間の開始と終了を両方指定してください。");
    res = await search("?person=not-a-uuid");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid-input");
    res = await search("?limit=201");
    expect(res.status).toBe(400);
    res = await call("GET", "/admin/access-audit/download?timezone=Asia/Tokyo", undefined, {
      token: adminToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("period-incomplete");
    res = await call(
      "GET",
      `/admin/access-audit/download?start_time=${nowS() - 400 * DAY_S}&end_time=${nowS()}&timezone=Asia/Tokyo`,
      undefined,
      { token: adminToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("window-too-long-366");
  });

  it("downloads the CSV: UTF-8 BOM, headers in the caller's language, cells neutralised", async () => {
    const q = `?workspace=${e.ws}&start_time=${nowS() - DAY_S}&end_time=${nowS() + 60}&timezone=Asia/Tokyo`;
    const res = await fetch(`${b.w.t.url}/api/admin/access-audit/download${q}`, {
      headers: { authorization: `Bearer ${adminToken}`, "accept-language": "ja" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="access_audit.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "日時（Asia/Tokyo）,利用者ID,利用者,役割,組織ID,組織,本人ID,本人,内容,詳細,期間の開始（Asia/Tokyo）,期間の終了（Asia/Tokyo）,リクエストID,アドレス",
    );
    expect(lines.length).toBe(4);
    expect(lines[1]).toContain(`,${e.staffJp.id},'=HYPERLINK(1),staff,${e.ws},`);
  });

  it("the person lists the reads of their data: entity, staff member, what, when; nobody else's", async () => {
    const res = await call("GET", "/user/access-audit", undefined, { token: a.token });
    expect(res.status).toBe(200);
    const page = res.body as MyAuditPage;
    expect(page.entries.map((x) => [x.entity_name, x.actor_name, x.what, x.role])).toEqual([
      [e.ws.replace("board", "Board "), "=HYPERLINK(1)", "chart", "staff"],
      [e.ws.replace("board", "Board "), e.staff.name, "chart", "staff"],
    ]);
    expect(page.has_more).toBe(false);
    expect(Object.keys(page.entries[0] ?? {})).not.toContain("address");
    const mine = (await call("GET", "/user/access-audit?limit=1", undefined, { token: c.token }))
      .body as MyAuditPage;
    expect(mine.entries.map((x) => x.actor_name)).toEqual([e.staff.name]);
    expect((await call("GET", "/user/access-audit?limit=0", undefined, { token: c.token })).status).toBe(400);
  });

  it("who may call: admins search and download; a person reads only their own; anonymous 401", async () => {
    const q = `?start_time=${nowS() - DAY_S}&end_time=${nowS()}&timezone=Asia/Tokyo`;
    for (const path of ["/admin/access-audit", `/admin/access-audit/download${q}`]) {
      expect((await call("GET", path)).status).toBe(401);
      expect((await call("GET", path, undefined, { token: a.token })).status).toBe(403);
      expect((await call("GET", path, undefined, { token: e.staff.token })).status).toBe(403);
      expect((await call("GET", path, undefined, { token: adminToken })).status).toBe(200);
    }
    expect((await call("GET", "/user/access-audit")).status).toBe(401);
    // staff see only their own reads of others' data in their own list: none here
    const staffOwn = (await call("GET", "/user/access-audit", undefined, { token: e.staff.token })).body;
    expect(staffOwn.entries).toEqual([]);
  });
});

describe("append-only and retention", () => {
  it("no route changes or removes audit rows", () => {
    const routes = b.w.t.app.accessTable.filter((r) => r.url.includes("access-audit"));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      "GET /api/admin/access-audit",
      "GET /api/admin/access-audit/download",
      "GET /api/user/access-audit",
    ]);
  });

  it("the table refuses UPDATE, DELETE and TRUNCATE", async () => {
    const db = b.w.t.db;
    const [before] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${accessAudit}`);
    expect(before?.n).toBeGreaterThan(0);
    await expect(db.update(accessAudit).set({ actorName: "someone else" })).rejects.toThrow();
    await expect(db.delete(accessAudit)).rejects.toThrow();
    await expect(db.execute(sql`truncate ${accessAudit}`)).rejects.toThrow();
    const [after] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${accessAudit}`);
    expect(after?.n).toBe(before?.n);
  });

  it("the retention job removes rows older than the period (5 years by default), with the clock moved", async () => {
    const db = b.w.t.db;
    const e = await b.entity({ members: 1 });
    const [a] = e.members as [Person];
    const base = {
      actorId: e.staff.id,
      actorName: e.staff.name,
      role: "staff" as const,
      subjectId: a.id,
      what: "chart",
      requestId: "r",
      address: "127.0.0.1",
    };
    const now = Date.now();
    const year = 365.25 * DAY_S * 1000;
    await db.insert(accessAudit).values([
      { ...base, at: new Date(now - 5 * year - 2 * DAY_S * 1000), detail: "old" },
      { ...base, at: new Date(now - 5 * year + 2 * DAY_S * 1000), detail: "kept" },
    ]);
    const { log, lines } = captureLog();
    const job = auditRetentionJob(db, 5, log);
    await job.run(new Date(now));
    expect((await rowsAbout(a)).map((r) => r.detail)).toEqual(["kept"]);
    expect(lines.some((l) => l.removed === 1)).toBe(true);
    // three days later the other is past the period too
    await job.run(new Date(now + 3 * DAY_S * 1000));
    expect(await rowsAbout(a)).toEqual([]);
    // and with a configured period of 10 years nothing younger goes
    await db.insert(accessAudit).values({ ...base, at: new Date(now - 7 * year), detail: "seven" });
    await auditRetentionJob(db, 10, log).run(new Date(now));
    expect((await rowsAbout(a)).map((r) => r.detail)).toEqual(["seven"]);
  });
});
