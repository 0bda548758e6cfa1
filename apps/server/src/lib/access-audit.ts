import type { AuditWhat } from "@mimamori/shared";
import { and, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Db, fixedStatement, PREPARED, rows } from "../db/client";
import { acceptedClientOf } from "../db/membership-rules";
import { accessAudit, entities, formRecipients, memberships, users } from "../db/schema";
import { bareList } from "../db/sql-names";

/*
 * Recording the access audit (issue 29 §1; docs/decisions.md "Access audit"). A route that answers someone's
 * health data to anyone else calls `auditRead(req, …)` once it knows whose data it answers: the app's onSend hook
 * (`registerAccessAudit`) writes the rows in one statement when the answer is a success, before its first byte
 * leaves (a 4xx or 5xx writes none). A route that can no longer refuse the read once it knows whose it is (a
 * member's chart after consent, the entity-wide reports) calls `auditReadNow` instead: the rows are written at once
 * on a connection of their own while the route goes on reading, and onSend only waits for them (a read that then
 * fails stays recorded as the attempt it was; the table is append-only). Either way an answer whose write failed is
 * replaced by a 500, so no read leaves unrecorded. The person reading their own data is not recorded.
 */

declare module "fastify" {
  interface FastifyInstance {
    /** Writes a read's rows, leaving out what this process wrote of it lately (registerAccessAudit). */
    writeAuditRead?: (req: FastifyRequest, read: AuditRead) => Promise<void>;
  }
}

/**
 * Whose data a read covers: these people (one row each), every accepted member of the entity with consent (an
 * entity-wide read), every account (an admin's export of all users), the members who answered a form (its
 * summary and answers CSV), or the people a subquery names in its column `id` (a streamed download's, known
 * before its rows are read).
 */
export type AuditSubjects =
  | readonly string[]
  | "entity-members"
  | "all-users"
  | { answerersOf: number }
  | { query: SQL };

export interface AuditRead {
  what: AuditWhat;
  subjects: AuditSubjects;
  /** The entity the staff member read through; by default the request's `workspace` (path, else query). */
  workspace?: string | null;
  /** The report, form or item read (an id: never a name). */
  detail?: string | number | null;
  /** The period of data read. */
  from?: Date | null;
  to?: Date | null;
}

/**
 * A request's reads: the writes started (each settled to its failure or null), the last of them (a request's writes
 * run one after the other, so a later read of the same people writes only whom an earlier one missed) and the
 * reads noted for onSend.
 */
interface RequestAudit {
  started: Promise<unknown>[];
  last: Promise<unknown>;
  noted: AuditRead[];
}
const audits = new WeakMap<FastifyRequest, RequestAudit>();

function auditOf(req: FastifyRequest): RequestAudit {
  const known = audits.get(req);
  if (known) return known;
  const fresh: RequestAudit = { started: [], last: Promise.resolve(), noted: [] };
  audits.set(req, fresh);
  return fresh;
}

function startWrite(req: FastifyRequest, read: AuditRead, into: RequestAudit): void {
  const write = req.server.writeAuditRead;
  if (!write) throw new Error("the access audit is not registered on this app");
  const done = into.last.then(() => write(req, read));
  into.last = done.catch(() => undefined);
  into.started.push(
    done.then(
      () => null,
      (err: unknown) => err ?? new Error("the access audit's write failed"),
    ),
  );
}

/** Notes the read: written when the answer is a success, before it leaves. */
export function auditRead(req: FastifyRequest, read: AuditRead): void {
  auditOf(req).noted.push(read);
}

/**
 * Records the read now, beside the rest of the route's work; the answer leaves once the write is done. Only for a
 * route that refuses nothing more after the call (a refused read must write nothing).
 */
export function auditReadNow(req: FastifyRequest, read: AuditRead): void {
  startWrite(req, read, auditOf(req));
}

/** A period of unix seconds, as the report queries give it. */
export const secondsPeriod = (q: { start_time: number; end_time: number }) => ({
  from: new Date(q.start_time * 1000),
  to: new Date(q.end_time * 1000),
});

function workspaceOf(req: FastifyRequest): string | null {
  const named =
    (req.params as { workspace?: unknown } | undefined)?.workspace ??
    (req.query as { workspace?: unknown } | undefined)?.workspace;
  return typeof named === "string" ? named : null;
}

/** The caller and request facts of a row (no personal data beyond the staff member's id and name). */
export interface AuditCaller {
  actorId: string;
  actorName: string;
  role: "staff" | "super-user";
  workspace: string | null;
  requestId: string;
  address: string;
}

const stamp = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The entity's name as the row copies it, read in the row's statement (null: no entity, or none of that name). */
const entityNameOf = (ws: string | null | undefined | Placeholder) =>
  sql`(select ${entities.name} from ${entities} where ${entities.workspaceName} = ${ws}::text)`;

const COLUMNS = bareList(
  accessAudit.actorId,
  accessAudit.actorName,
  accessAudit.role,
  accessAudit.workspaceName,
  accessAudit.entityName,
  accessAudit.subjectId,
  accessAudit.what,
  accessAudit.detail,
  accessAudit.periodFrom,
  accessAudit.periodTo,
  accessAudit.requestId,
  accessAudit.address,
);

/**
 * Writes the rows of one read in one statement: an `insert … select` over the people (`writeAuditLists`) or over
 * the entity's accepted members, leaving the caller out; prepared on PostgreSQL (one text per shape).
 * Answers whose rows a read of the entity's members wrote (a report then writes only whom they missed); other
 * forms answer none (a list's people are known, the others are not read as a list again).
 */
export async function writeAudit(db: Db, caller: AuditCaller, read: AuditRead): Promise<string[]> {
  if (Array.isArray(read.subjects)) {
    await writeAuditLists(db, [{ caller, read: { ...read, subjects: read.subjects } }]);
    return [];
  }
  const ws = read.workspace === undefined ? caller.workspace : read.workspace;
  const values = sql`${caller.actorId}::uuid, ${caller.actorName}::text, ${caller.role}::text, ${ws}::text,
    ${entityNameOf(ws)}`;
  const rest = sql`${read.what}::text, ${read.detail == null ? null : String(read.detail)}::text,
    ${stamp(read.from)}::timestamptz, ${stamp(read.to)}::timestamptz, ${caller.requestId}::text,
    ${caller.address}::text`;
  let statement: ReturnType<typeof sql>;
  if (read.subjects === "entity-members") {
    if (!ws) return [];
    statement = sql`insert into ${accessAudit} (${COLUMNS})
      select ${values}, ${memberships.userId}, ${rest} from ${memberships}
      where ${and(acceptedClientOf(ws), sql`${memberships.acceptedAt} is not null`)}
        and ${memberships.userId} <> ${caller.actorId}::uuid`;
  } else if (typeof read.subjects === "object" && "query" in read.subjects) {
    statement = sql`insert into ${accessAudit} (${COLUMNS})
      select ${values}, q.id, ${rest} from (${read.subjects.query}) as q(id)
      where q.id <> ${caller.actorId}::uuid`;
  } else if (typeof read.subjects === "object" && "answerersOf" in read.subjects) {
    statement = sql`insert into ${accessAudit} (${COLUMNS})
      select ${values}, r.id, ${rest} from (select distinct ${formRecipients.userId} as id from ${formRecipients}
        where ${formRecipients.formId} = ${read.subjects.answerersOf}::int
          and ${formRecipients.answeredAt} is not null) as r
      where r.id <> ${caller.actorId}::uuid`;
  } else {
    statement = sql`insert into ${accessAudit} (${COLUMNS})
      select ${values}, ${users.id}, ${rest} from ${users} where ${users.id} <> ${caller.actorId}::uuid`;
  }
  if (read.subjects !== "entity-members") {
    await rows(db, statement, PREPARED);
    return [];
  }
  const written = await rows<{ id: string }>(
    db,
    sql`${statement} returning ${accessAudit.subjectId} as id`,
    PREPARED,
  );
  return written.map((r) => r.id);
}

/** A read of a list of people, as `writeAuditLists` takes it. */
export interface AuditListRead {
  caller: AuditCaller;
  read: AuditRead & { subjects: readonly string[] };
}

/**
 * Writes the rows of several reads of lists of people in one statement (`unnest` of one array a column), the
 * caller left out of each; the entity's name is read with them.
 */
export async function writeAuditLists(db: Db, reads: readonly AuditListRead[]): Promise<void> {
  const cols: (string | null)[][] = Array.from({ length: 11 }, () => []);
  for (const { caller, read } of reads) {
    const ws = read.workspace === undefined ? caller.workspace : read.workspace;
    const row = [
      caller.actorId,
      caller.actorName,
      caller.role,
      ws,
      null, // the subject, below
      read.what,
      read.detail == null ? null : String(read.detail),
      stamp(read.from),
      stamp(read.to),
      caller.requestId,
      caller.address,
    ];
    for (const id of new Set(read.subjects)) {
      if (id === caller.actorId) continue;
      row[4] = id;
      for (const [i, value] of row.entries()) cols[i]?.push(value);
    }
  }
  if (!cols[0]?.length) return;
  if (cols[0].length === 1) {
    await writeAuditRow(
      db,
      cols.map((c) => c[0] ?? null),
    );
    return;
  }
  const [actor, name, role, ws, subject, what, detail, from, to, requestId, address] = cols.map((c) =>
    sql.param(c),
  );
  await rows(
    db,
    sql`insert into ${accessAudit} (${COLUMNS})
      select r.actor, r.actor_name, r.role, r.ws, ${entities.name}, r.subject, r.what, r.detail, r.period_from,
        r.period_to, r.request_id, r.address
      from unnest(${actor}::uuid[], ${name}::text[], ${role}::text[], ${ws}::text[], ${subject}::uuid[],
          ${what}::text[], ${detail}::text[], ${from}::timestamptz[], ${to}::timestamptz[], ${requestId}::text[],
          ${address}::text[])
        as r(actor, actor_name, role, ws, subject, what, detail, period_from, period_to, request_id, address)
        left join ${entities} on ${entities.workspaceName} = r.ws`,
    PREPARED,
  );
}

/** The columns of one row as `writeAuditLists` collects them, in COLUMNS' order less the entity's name. */
const ROW_FIELDS = [
  "actor",
  "name",
  "role",
  "ws",
  "subject",
  "what",
  "detail",
  "from",
  "to",
  "requestId",
  "address",
] as const;
const field = (f: (typeof ROW_FIELDS)[number]) => sql.placeholder(f);

/**
 * One row (a chart, a CSV, an answer: most reads), as plain values in a text written once: on PostgreSQL 0.16 ms a
 * statement where the `unnest` of eleven one-element arrays took 0.53 ms, and writing the text each time cost the
 * server's thread ~0.08 ms more (bench/README.md "Access audit").
 */
const insertAuditRow = fixedStatement(
  sql`insert into ${accessAudit} (${COLUMNS})
    values (${field("actor")}::uuid, ${field("name")}::text, ${field("role")}::text, ${field("ws")}::text,
      ${entityNameOf(field("ws"))},
      ${field("subject")}::uuid, ${field("what")}::text, ${field("detail")}::text, ${field("from")}::timestamptz,
      ${field("to")}::timestamptz, ${field("requestId")}::text, ${field("address")}::text)`,
);

async function writeAuditRow(db: Db, row: (string | null)[]): Promise<void> {
  await insertAuditRow(db, Object.fromEntries(ROW_FIELDS.map((f, i) => [f, row[i] ?? null])));
}

/** Reads of lists written together at most (their rows are one statement). */
const LIST_BATCH_MAX = 200;

/**
 * Writes reads of lists of people as they come, and those that arrive while a write is under way together in the
 * next statement: the fifty staff an event sends to the watch board write their rows in a few statements, not
 * fifty (one statement on the embedded database costs ~1.3 ms of its one thread, bench/README.md "A fleet as it
 * uploads"). A read alone is written at once. A statement that fails fails every read in it (each answer is then
 * a 500, as for a read written alone).
 */
export function auditListWriter(db: Db) {
  const waiting: { list: AuditListRead; settle: (err?: unknown) => void }[] = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (waiting.length) {
      const batch = waiting.splice(0, LIST_BATCH_MAX);
      try {
        await writeAuditLists(
          db,
          batch.map((w) => w.list),
        );
        for (const w of batch) w.settle();
      } catch (err) {
        for (const w of batch) w.settle(err ?? new Error("the access audit's write failed"));
      }
    }
    writing = false;
  };
  return (list: AuditListRead) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ list, settle: (err) => (err === undefined ? resolve() : reject(err)) });
      if (!writing) void drain();
    });
}

/** The caller facts of a request: its user, the route's role, the request id and the address (trust proxy). */
export function callerOf(req: FastifyRequest): AuditCaller | null {
  const user = req.user;
  if (!user) return null;
  const access = req.routeOptions.config?.access;
  return {
    actorId: user.id,
    actorName: user.name,
    // a route open to any signed-in person (the development mailbox) reads others' data as staff or as admin
    role: access === "super-user" || (access !== "staff" && user.isSuperUser) ? "super-user" : "staff",
    workspace: access === "staff" ? workspaceOf(req) : null,
    requestId: String(req.id),
    // a caller who hung up has no address left (Node gives undefined), and the read is recorded all the same
    address: req.ip ?? "",
  };
}

/** A person's same read of the same people's data again within this time is not written again (see `repeats`). */
export const AUDIT_REPEAT_MS = 5 * 60_000;
/** Reads remembered at most (a key is a few hundred bytes); past it the oldest are forgotten (and written again). */
const REPEATS_MAX = 100_000;
/**
 * When a list's read writes someone, the people of that list whose window ends within this share of it are
 * written again with them: a list's people then come due together, one statement, instead of one statement each
 * time one of their windows ends (a board of hundreds of members, read every second, wrote a few rows almost every
 * read; bench/README.md "A fleet as it uploads").
 */
const RENEW_AHEAD_SHARE = 0.2;

/**
 * The reads this process wrote in the last AUDIT_REPEAT_MS, so that a screen that refreshes itself (the watch board
 * every 30 s and on every change, a report reloaded) records a person's view of someone's data once, not once a
 * refresh: same reader, role, entity, what, detail and period; per person for a list of people. A row's time is
 * the first read's. Another server process writes its own first row.
 */
export function auditRepeats(windowMs = AUDIT_REPEAT_MS, clock: () => number = Date.now) {
  const seen = new Map<string, number>();
  const fresh = (key: string, now: number) => (seen.get(key) ?? 0) > now;
  const renewAheadMs = windowMs * RENEW_AHEAD_SHARE;
  return {
    /**
     * The part of `read` not written within the window (null when nothing is new), its keys, and the key of one
     * person's row of it (a read of the entity's members also counts, person by person, for a list of them).
     */
    unwritten(
      caller: AuditCaller,
      read: AuditRead,
    ): { read: AuditRead; keys: string[]; personKey: (id: string) => string } | null {
      const now = clock();
      const ws = read.workspace === undefined ? caller.workspace : read.workspace;
      const base = JSON.stringify([
        caller.actorId,
        caller.role,
        ws,
        read.what,
        read.detail ?? null,
        stamp(read.from),
        stamp(read.to),
      ]);
      const personKey = (id: string) => `${base}${id}`;
      if (Array.isArray(read.subjects)) {
        const people = [...new Set(read.subjects as readonly string[])].map((id) => ({
          id,
          key: personKey(id),
        }));
        if (people.every((p) => fresh(p.key, now))) return null;
        // someone is due: with them, whoever would be due soon (RENEW_AHEAD_SHARE)
        const due = people.filter((p) => !fresh(p.key, now + renewAheadMs));
        return {
          read: { ...read, subjects: due.map((p) => p.id) },
          keys: due.map((p) => p.key),
          personKey,
        };
      }
      // a subquery's people are known only to the database: such a read is always written
      if (typeof read.subjects === "object" && "query" in read.subjects) return { read, keys: [], personKey };
      const key = `${base}${JSON.stringify(read.subjects)}`;
      return fresh(key, now) ? null : { read, keys: [key], personKey };
    },
    written(keys: string[]) {
      const until = clock() + windowMs;
      for (const key of keys) {
        seen.delete(key);
        seen.set(key, until);
      }
      for (const oldest of seen.keys()) {
        if (seen.size <= REPEATS_MAX) break;
        seen.delete(oldest);
      }
    },
  };
}

/**
 * The app's side of the audit: writes a request's reads one after the other (leaving out what this process wrote
 * within AUDIT_REPEAT_MS), and holds the answer until they are done.
 */
export function registerAccessAudit(app: FastifyInstance, db: Db, repeats = auditRepeats()): void {
  const writeList = auditListWriter(db);
  app.decorate("writeAuditRead", async (req: FastifyRequest, read: AuditRead) => {
    const caller = callerOf(req);
    if (!caller) return;
    const todo = repeats.unwritten(caller, read);
    if (!todo) return;
    const { subjects } = todo.read;
    if (Array.isArray(subjects)) {
      await writeList({ caller, read: { ...todo.read, subjects } });
      repeats.written(todo.keys);
      return;
    }
    const ids = await writeAudit(db, caller, todo.read);
    repeats.written([...todo.keys, ...ids.map(todo.personKey)]);
  });
  app.addHook("onSend", async (req, reply, payload) => {
    const audit = audits.get(req);
    if (!audit) return payload;
    audits.delete(req);
    const success = reply.statusCode < 400;
    if (success) for (const read of audit.noted) startWrite(req, read, audit);
    const failure = (await Promise.all(audit.started)).find((err) => err !== null);
    // an answered read must be recorded: without its rows the answer does not leave
    if (failure && success) throw failure;
    return payload;
  });
}
