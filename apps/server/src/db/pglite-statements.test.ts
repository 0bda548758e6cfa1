import * as pglite from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planEachCall, runStatementsByName } from "./pglite-statements";

type Client = InstanceType<typeof pglite.PGlite>;

const SCHEMA = `
  create table t (id int primary key, name text, at timestamptz, tags text[], doc jsonb, n numeric, b bytea);
  insert into t values (1, 'a', '2026-11-28T10:00:00Z', '{x,y}', '{"k": [1, 2]}', 1.50, '\\x0102'),
    (2, null, null, null, null, null, null);`;

/** Statements the wrapped and the plain client must answer alike: [text, params, options]. */
const SAME_AS_QUERY: [string, unknown[], pglite.QueryOptions?][] = [
  ["select * from t order by id", []],
  ["select * from t where id = $1", [1], { rowMode: "array" }],
  [
    "select $1::timestamptz as at, $2::jsonb as doc, $3::text[] as tags",
    [new Date(0), { a: [1] }, ["p", "q"]],
  ],
  ["select $1::int as x, $2::text as y", [null, undefined]],
  ["select at from t where id = $1", [1], { parsers: { [pglite.types.TIMESTAMPTZ]: (v: string) => v } }],
  ["update t set name = $1 where id = $2", ["c", 2]],
  ["select name from t where id = $1", [2]],
];

describe("PGlite statements run by name (db/pglite-statements.ts)", () => {
  let plain: Client;
  let named: Client;
  let statements: { size(): number };

  beforeAll(async () => {
    [plain, named] = await Promise.all([new pglite.PGlite(), new pglite.PGlite()]);
    for (const c of [plain, named]) await c.exec(SCHEMA);
    statements = runStatementsByName(named, pglite, 4);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), named?.close()]);
  });

  const prepared = (c: Client, like: string) =>
    c
      .query<{ name: string; generic: number; custom: number }>(
        `select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where statement like $1`,
        [like],
      )
      .then((r) => r.rows);

  it("answers every statement as PGlite's own query does: rows, fields, counts, row modes, parsers, nulls", async () => {
    for (const [text, params, options] of SAME_AS_QUERY)
      expect(await named.query(text, params, options), text).toEqual(
        await plain.query(text, params, options),
      );
  });

  it("parses a text once under a name, and after five plans runs a cheap statement on PostgreSQL's generic plan", async () => {
    const text = "select name from t where id = $1 /* lookup */";
    for (let i = 0; i < 8; i++) expect((await named.query(text, [1])).rows).toEqual([{ name: "a" }]);
    const [lookup, ...more] = await prepared(named, "%/* lookup */");
    expect(more).toEqual([]);
    expect(lookup?.name).toMatch(/^s\d+$/);
    expect(lookup?.custom).toBe(5);
    expect(lookup?.generic).toBe(3);
  });

  it("plans a text marked planEachCall for each call's values, outside its named statement's plan cache", async () => {
    const text = "select count(*)::int as n from t where at >= $1 /* window */";
    planEachCall(text);
    for (const [since, n] of [
      ["2026-01-01", 1],
      ["2027-01-01", 0],
      ["2026-01-01", 1],
      ["2027-01-01", 0],
      ["2026-01-01", 1],
      ["2027-01-01", 0],
      ["2026-01-01", 1],
    ] as const)
      expect((await named.query(text, [since])).rows).toEqual([{ n }]);
    // described once under a name (its parameters' types and its rows), never planned under it
    expect(await prepared(named, "%/* window */")).toEqual([
      expect.objectContaining({ generic: 0, custom: 0 }),
    ]);
  });

  it("keeps the most recently used texts, closes the rest, and parses an evicted text again when it returns", async () => {
    const text = (i: number) => `select ${i}::int as i /* evict */`;
    for (let i = 0; i < 7; i++) expect((await named.query(text(i))).rows).toEqual([{ i }]);
    expect(statements.size()).toBe(4);
    await named.query("select 1"); // a close is sent with the next message
    expect((await prepared(named, "%/* evict */")).length).toBeLessThanOrEqual(4);
    expect((await named.query(text(0))).rows).toEqual([{ i: 0 }]);
  });

  it("reports a failed statement with PostgreSQL's code and its text but not its values, and goes on", async () => {
    const err = await named.query("insert into t (id, name) values ($1, $2)", [1, "secret"]).catch((e) => e);
    expect(err).toBeInstanceOf(pglite.protocol.messages.DatabaseError);
    expect(err).toMatchObject({ code: "23505", query: "insert into t (id, name) values ($1, $2)" });
    expect(err.params).toBeUndefined();
    expect(JSON.stringify(err)).not.toContain("secret");
    const syntax = await named.query("selec 1").catch((e) => e);
    expect(syntax).toMatchObject({ code: "42601" });
    expect((await named.query("select name from t where id = $1", [1])).rows).toEqual([{ name: "a" }]);
  });

  it("runs a transaction's statements by name: committed together, rolled back together, refused once closed", async () => {
    await named.transaction(async (tx) => {
      await tx.query("insert into t (id, name) values ($1, $2)", [10, "kept"]);
      expect(named.isInTransaction()).toBe(true);
    });
    const failed = named.transaction(async (tx) => {
      await tx.query("insert into t (id, name) values ($1, $2)", [11, "gone"]);
      await tx.query("insert into t (id, name) values ($1, $2)", [10, "duplicate"]);
    });
    await expect(failed).rejects.toMatchObject({ code: "23505" });
    let closed: pglite.Transaction | undefined;
    await named.transaction(async (tx) => {
      closed = tx;
    });
    await expect(closed?.query("select 1")).rejects.toThrow("Transaction is closed");
    expect((await named.query("select id, name from t where id >= $1 order by id", [10])).rows).toEqual([
      { id: 10, name: "kept" },
    ]);
  });

  it("refuses query options it does not carry out (a blob for COPY, parameter types)", async () => {
    await expect(named.query("select 1", [], { paramTypes: [23] })).rejects.toThrow("paramTypes");
    await expect(named.query("select 1", [], { blob: new Blob(["1"]) })).rejects.toThrow("blob");
  });
});
