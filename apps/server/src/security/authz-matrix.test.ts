import { appendFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { Access } from "../lib/access";
import {
  type ApiAnswer,
  type Built,
  buildCall,
  type Caller,
  deniedByAccessControl,
  describeCall,
  MATRIX_CALLERS,
  type ParamKind,
  paramFixture,
  type RouteInfo,
  send,
  startWorld,
  UnknownParameterError,
  type World,
} from "../test/worlds/security";

/*
 * The authorization matrix, generated from `app.accessTable`: every /api route (a new route is covered the
 * day it is registered) × {anonymous, client, another client, staff, another entity's staff, admin}, each
 * with the status class its declared access implies. Then the id swaps: every route that names a workspace
 * (in its path or as `?workspace=`), a person or a record an entity owns (a form, a bank question, a schedule) is
 * called with another entity's or another person's id, and must refuse.
 * Every call starts from the same database: one that changed it is undone (world.ts, DbState).
 */

// The app is started while the file is collected: the tests are generated from its route table.
const w: World = await startWorld();
const counts = { matrix: 0, swaps: 0, controls: 0 };
afterAll(async () => {
  console.log(
    `authorization matrix: ${w.routes.length} routes, ${counts.matrix} route × caller calls; id swaps: ${counts.swaps} swapped calls, ${counts.controls} controls`,
  );
  await w.t.close();
});

type Expected = "unauthenticated" | "forbidden" | "allowed";

/** What the declared access implies for a caller. The admin is staff of no entity. */
function expectation(access: Access, caller: Caller): Expected {
  if (access === "public") return "allowed";
  if (caller === "anonymous") return "unauthenticated";
  switch (access) {
    case "user":
      return "allowed";
    case "staff":
      return caller === "staff" ? "allowed" : "forbidden";
    case "super-user":
      return caller === "admin" ? "allowed" : "forbidden";
  }
}

function verdict(expected: Expected, a: ApiAnswer): string | null {
  switch (expected) {
    case "unauthenticated":
      return a.status === 401 ? null : "expected 401 (not signed in)";
    case "forbidden":
      return a.status === 403 && a.code === "forbidden" ? null : "expected 403 forbidden from access control";
    case "allowed":
      if (a.status === 0 || a.status >= 500) return "expected an answer, got a server error";
      return deniedByAccessControl(a) ? "expected access control to let the caller through" : null;
  }
}

const isWrite = (method: string) => method !== "GET";

/** SECURITY_TRACE=<file> appends every call of the matrix and its answer to that file. */
const TRACE = process.env.SECURITY_TRACE;

/** Calls; answers the tables the call wrote, and puts the database back when it wrote any. */
async function probe(b: Built, caller: Caller) {
  const a = await send(w, b.call);
  if (TRACE) appendFileSync(TRACE, `${describeCall(b.call, caller, a)}\n`);
  const changed = await w.state.reset(isWrite(b.call.method) && a.status >= 200 && a.status < 300);
  return { a, changed };
}

function unknownParameters(route: RouteInfo): string[] {
  const out: string[] = [];
  for (const name of route.params)
    try {
      paramFixture({ w, caller: "client", route }, name);
    } catch (err) {
      if (!(err instanceof UnknownParameterError)) throw err;
      out.push(err.message);
    }
  return out;
}

describe("the route table", () => {
  it("lists the API's routes with their access, and every path parameter has a fixture value", () => {
    const accesses = new Set(w.routes.map((r) => r.access));
    for (const a of ["public", "user", "staff", "super-user"] as const) expect(accesses).toContain(a);
    expect(w.routes.flatMap(unknownParameters)).toEqual([]);
  });
});

describe("authorization matrix: every route × every caller, expected from its declared access", () => {
  for (const route of w.routes) {
    it(`${route.key} (${route.access})`, async () => {
      expect(unknownParameters(route)).toEqual([]);
      const problems: string[] = [];
      for (const caller of MATRIX_CALLERS) {
        const expected = expectation(route.access, caller);
        const b = buildCall(w, route, caller);
        const { a, changed } = await probe(b, caller);
        counts.matrix++;
        const problem = verdict(expected, a);
        if (problem) problems.push(`${problem}: ${describeCall(b.call, caller, a)}`);
        if (expected !== "allowed" && changed.length)
          problems.push(`a refused call changed ${changed.join(", ")}: ${describeCall(b.call, caller, a)}`);
      }
      expect(problems).toEqual([]);
    });
  }
});

// ---- id swaps ----

const KINDS_SWAPPED: ParamKind[] = ["workspace", "person", "email", "record"];

interface Scenario {
  name: string;
  caller: Caller;
  params?: Record<string, string>;
  /** `?workspace=` of the staff routes without {workspace} in the path. */
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** The route names its entity with `?workspace=` (docs/architecture.md, "Who may call a route"). */
const workspaceInQuery = (route: RouteInfo) => route.query.some((q) => q.name === "workspace");

/**
 * Answers that are not a refusal but correct, by design, for one swap. Each names its reason and checks
 * that nothing was granted. Keyed by "ROUTE KEY | scenario".
 */
const SWAP_EXCEPTIONS: Record<
  string,
  { reason: string; check: (a: ApiAnswer) => Promise<string | null> | string | null }
> = {
  "POST /api/user/entities/:workspace | workspace → kaede": {
    reason: "ENT-12/13: anyone may apply to an entity by its ID; the application waits for kaede's staff",
    check: (a) => {
      const body = a.body as { is_pending?: boolean; status?: string } | null;
      return a.status === 201 && body?.is_pending === true && body.status === ""
        ? null
        : "expected 201 with a pending application (is_pending true, status not added)";
    },
  },
  "PUT /api/user/entities/:workspace | workspace → kaede": {
    reason: "withdrawing an application the caller never made: 409 not-pending, nothing to withdraw",
    check: (a) => (a.status === 409 ? null : "expected 409 (no application of the caller's to withdraw)"),
  },
  ...Object.fromEntries(
    (["otherStaff", "outsider"] as const).map((who) => [
      `POST /api/staff/:workspace/register | body.email → ${who}`,
      {
        reason:
          "STAFF-04: staff invite any existing account by e-mail; the invitation grants nothing until the person accepts it",
        check: async (a: ApiAnswer) => {
          if (a.status !== 201) return `expected 201 (an invitation), got ${a.status}`;
          // the invited person is still no staff of sakura
          const login = await send(w, {
            method: "POST",
            path: "/api/staff/sakura/login",
            token: w.tokens[who],
          });
          return login.status === 403
            ? null
            : `the invitation alone let ${who} in as staff (${login.status})`;
        },
      },
    ]),
  ),
};

function scenarios(
  route: RouteInfo,
  kinds: Record<string, ParamKind>,
  foreign: Record<string, string>,
): { controls: Scenario[]; swaps: Scenario[] } {
  const names = (kind: ParamKind) => route.params.filter((p) => kinds[p] === kind);
  const set = (list: string[], value: string) => Object.fromEntries(list.map((p) => [p, value]));
  const ws = names("workspace");
  const queryWs = workspaceInQuery(route) ? ["workspace"] : [];
  const persons = names("person");
  const emails = names("email");
  const records = names("record");
  const foreignRecords = Object.fromEntries(records.map((p) => [p, foreign[p] ?? ""]));
  const bodyEmail = Boolean(route.body?.properties?.email);
  const { people } = w;
  const controls: Scenario[] = [];
  const swaps: Scenario[] = [];
  if (route.access === "staff") {
    controls.push({ name: "own: staff of sakura, sakura's member", caller: "staff" });
    if (ws.length || queryWs.length)
      swaps.push({
        name: "workspace → kaede",
        caller: "staff",
        params: set(ws, "kaede"),
        query: set(queryWs, "kaede"),
      });
    if (records.length)
      swaps.push({ name: "records → kaede's (under sakura)", caller: "staff", params: foreignRecords });
    if (persons.length) {
      swaps.push({
        name: "person → outsider (kaede's member)",
        caller: "staff",
        params: set(persons, people.outsider.id),
      });
      swaps.push({
        name: "person → otherClient (a member of harbor, which the caller also staffs)",
        caller: "staff",
        params: set(persons, people.otherClient.id),
      });
      // kaede's staff reach kaede's records (the fixtures give kaede's to its staff)
      controls.push({
        name: "own: kaede's staff, kaede's member",
        caller: "otherStaff",
        params: { ...set(ws, "kaede"), ...set(persons, people.outsider.id) },
        query: set(queryWs, "kaede"),
      });
      swaps.push({
        name: "kaede's staff, person → sakura's client",
        caller: "otherStaff",
        params: { ...set(ws, "kaede"), ...set(persons, people.client.id) },
        query: set(queryWs, "kaede"),
      });
    }
    if (bodyEmail) {
      swaps.push({
        name: "body.email → otherStaff",
        caller: "staff",
        body: { email: people.otherStaff.email },
      });
      swaps.push({ name: "body.email → outsider", caller: "staff", body: { email: people.outsider.email } });
    }
  } else if (route.access === "user") {
    controls.push({ name: "own: the client's own", caller: "client" });
    if (ws.length) swaps.push({ name: "workspace → kaede", caller: "client", params: set(ws, "kaede") });
    if (records.length)
      swaps.push({
        name: "records → kaede's (sent to its member only)",
        caller: "client",
        params: foreignRecords,
      });
    if (persons.length)
      swaps.push({ name: "person → outsider", caller: "client", params: set(persons, people.outsider.id) });
    if (emails.length) {
      swaps.push({ name: "email → outsider", caller: "client", params: set(emails, people.outsider.email) });
      swaps.push({
        name: "email → otherClient",
        caller: "client",
        params: set(emails, people.otherClient.email),
      });
    }
  }
  return { controls, swaps };
}

describe("id swaps: another entity's or another person's id is refused (403/404)", () => {
  // public routes name nobody; a super user may reach every entity and person by design
  const candidates = w.routes.filter((r) => r.access === "staff" || r.access === "user");
  for (const route of candidates) {
    // a route with a parameter the fixture table lacks fails in the matrix above
    if (unknownParameters(route).length) continue;
    const { kinds, foreign } = buildCall(w, route, "client");
    const swappable =
      route.params.some((p) => KINDS_SWAPPED.includes(kinds[p] as ParamKind)) ||
      (route.access === "staff" && workspaceInQuery(route));
    const bodyEmail = route.access === "staff" && Boolean(route.body?.properties?.email);
    if (!swappable && !bodyEmail) continue;
    it(`${route.key} (${route.access})`, async () => {
      const { controls, swaps } = scenarios(route, kinds, foreign);
      expect(swaps.length).toBeGreaterThan(0);
      const problems: string[] = [];
      // the caller's own ids reach the resource: a refusal of the swapped ids is then about the ids
      for (const s of controls) {
        const b = buildCall(w, route, s.caller, s);
        const { a } = await probe(b, s.caller);
        counts.controls++;
        if (a.status === 0 || a.status >= 500 || [401, 403, 404].includes(a.status))
          problems.push(
            `control "${s.name}" does not reach the resource: ${describeCall(b.call, s.caller, a)}`,
          );
      }
      for (const s of swaps) {
        const b = buildCall(w, route, s.caller, s);
        const a = await send(w, b.call);
        counts.swaps++;
        if (TRACE) appendFileSync(TRACE, `swap ${s.name}: ${describeCall(b.call, s.caller, a)}\n`);
        const exception = SWAP_EXCEPTIONS[`${route.key} | ${s.name}`];
        const problem = exception
          ? await exception.check(a)
          : a.status === 403 || a.status === 404
            ? null
            : "expected a refusal (403 or 404)";
        const changed = await w.state.reset(isWrite(route.method) && a.status >= 200 && a.status < 300);
        if (problem) problems.push(`${s.name}: ${problem}: ${describeCall(b.call, s.caller, a)}`);
        if (!exception && changed.length)
          problems.push(
            `${s.name}: the refused call changed ${changed.join(", ")}: ${describeCall(b.call, s.caller, a)}`,
          );
      }
      expect(problems).toEqual([]);
    });
  }
});
