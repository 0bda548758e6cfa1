/**
 * A fleet measured as it uploads (issue 32 §3): simulated bands upload as real ones do while staff keep their
 * boards and reports open and the alert engine mails into the development mailbox; the script finds the largest
 * fleet that one server process (then two, on PostgreSQL) and its database sustain.
 *
 *   npx tsx bench/fleet.ts [--minutes 10] [--start 500] [--step N] [--max-bands N] [--max-steps 8]    (PGlite)
 *   scripts/with-postgres.sh npx tsx bench/fleet.ts --start 5000 …                       (throwaway PostgreSQL)
 *   npx tsx bench/fleet.ts --minutes 1 --bands 300                         (one step of 300 bands: a smoke run)
 *   … --strict-board  (board reads send no event's `as_of`, as before session 17)
 *   … --timeline      (every 10 s: event-loop delay, pool waits, the board's time in the server, PostgreSQL's waits)
 *
 * Each step is a fresh database seeded in bulk SQL (entities of `--entity-size` members, the bands' people, their
 * memberships and sessions, `--staff` staff spread over the entities, each entity with at least one staff member)
 * and the real server as a child process (`bench/lib/server.ts`, background jobs on). On PGlite the alert mails go
 * to the development mailbox; on PostgreSQL the server runs as in production, which has none, and its outbox worker
 * delivers them to an SMTP relay in this process that drops them. For `--minutes` of real time:
 *
 * - every band uploads every 5 minutes the 5 minutes of 1-minute samples of the 11 measures before it
 *   (`POST /api/user/vitals`, 55 samples), at its own phase spread evenly over the period and `--jitter` seconds
 *   late at most; `--late` of its uploads are missed and their samples sent with the next one (10 minutes),
 *   `--resend` are sent again 1–10 s after their answer (a lost acknowledgement: the server must store nothing
 *   twice); one band in `1 / --red` has its heart rate in the red (165 bpm) every other upload, so the alert
 *   engine raises an alert every 10 minutes for it (from its first upload on) and mails it to the entity's staff;
 * - `--staff` staff do what the web's staff home does: the watch board (`GET /staff/{ws}/board`) and the unseen
 *   alert count, read at once, every 30 s and on each `changed` event of the entity's event stream (one a second
 *   at most, `GET /staff/{ws}/events`), and every `--report-every` seconds (±50 %) a staff report of one of the
 *   tiles over 1 or 7 days.
 *
 * Time is not compressed: the upload rate of N bands is N / 300 a second. A step passes with upload p99 ≤ 250 ms,
 * board p95 ≤ 100 ms, alert upload-to-mail p95 ≤ 60 s and no error (a non-200 answer, a rejected sample, a resent
 * sample stored again, a failed request). Upload-to-mail is read from the database after the step: each
 * measurement alert's first mail (`notification_mails` → `mail_outbox.created_at`) against the time this process
 * sent the upload that carried the alert's sample (on PostgreSQL also to `mail_outbox.sent_at`, the relay's
 * acceptance, printed as "delivered"); an alert not mailed 65 s after the load counts as never.
 *
 * CPU is read from /proc over the load: the server processes' (with PGlite the database's too), PostgreSQL's (its
 * postmaster and every backend) and this process's own, as a share of one core; "CPU ms/upload" divides the server's
 * and the database's CPU by the uploads, the staff's reads included (the cost of a fleet with its staff). Bytes per
 * upload: PostgreSQL's WAL (`pg_stat_wal`) and the database's growth; PGlite's bytes written by the server process
 * (/proc io) and the data folder's growth (measured after the server's closing checkpoint).
 *
 * The search: `--bands N` runs one step; `--step N` goes up by N from `--start` until a step fails; otherwise the
 * fleet doubles from `--start` until a step fails, then bisects to within `--precision` (10 %). On PostgreSQL the
 * same search runs again with two server processes on the one database (bands and staff split between them),
 * starting at the one-server result (`--servers 1` or `2` runs only that).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { Agent, get, type IncomingMessage } from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { HEART_RATE, MEASURES, measureOf, REPORT_TILES } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { type Database, openDatabase, rows } from "../apps/server/src/db/client";
import { type IdTokenClaims, IdTokens } from "../apps/server/src/lib/id-tokens";
import { cpuSeconds, databaseCpu } from "./lib/cpu";
import { type Fresh, freshDatabase } from "./lib/fresh";
import {
  BENCH_SECRET,
  DATABASE_URL,
  keepAliveAgent,
  pct,
  progress,
  RssSampler,
  type Server,
  startServer,
} from "./lib/server";

const { values: o } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    bands: { type: "string" },
    start: { type: "string" },
    step: { type: "string" },
    "max-bands": { type: "string", default: "200000" },
    "max-steps": { type: "string", default: "8" },
    precision: { type: "string", default: "0.1" },
    servers: { type: "string" },
    staff: { type: "string", default: "50" },
    "entity-size": { type: "string", default: "1000" },
    jitter: { type: "string", default: "20" },
    late: { type: "string", default: "0.02" },
    resend: { type: "string", default: "0.01" },
    red: { type: "string", default: "0.02" },
    "report-every": { type: "string", default: "60" },
    timeline: { type: "boolean", default: false },
    "strict-board": { type: "boolean", default: false },
  },
});
const MINUTES = Number(o.minutes);
const START = Number(o.bands ?? o.start ?? (DATABASE_URL ? 5000 : 500));
const STEP = o.step === undefined ? undefined : Number(o.step);
const MAX_BANDS = Number(o["max-bands"]);
const MAX_STEPS = o.bands ? 1 : Number(o["max-steps"]);
const PRECISION = Number(o.precision);
const STAFF = Number(o.staff);
const ENTITY_SIZE = Number(o["entity-size"]);
const JITTER_S = Number(o.jitter);
const LATE = Number(o.late);
const RESEND = Number(o.resend);
const RED = Number(o.red);
const REPORT_EVERY_S = Number(o["report-every"]);
/** Board reads send no event's as_of: every read asks for a board as fresh as the server has (the code before). */
const STRICT_BOARD = o["strict-board"];
const TIMELINE = o.timeline === true;
if (
  ![MINUTES, START, MAX_BANDS, MAX_STEPS, STAFF, ENTITY_SIZE, REPORT_EVERY_S].every((n) => n > 0) ||
  (STEP !== undefined && !(STEP > 0)) ||
  ![JITTER_S, LATE, RESEND, RED].every((n) => n >= 0) ||
  !(LATE < 1 && RESEND < 1 && RED <= 1 && PRECISION > 0)
)
  throw new Error(
    "--minutes, --bands/--start, --step, --max-bands, --max-steps, --staff, --entity-size and --report-every must be positive; --jitter, --late, --resend and --red ≥ 0 (fractions below 1)",
  );
const SERVER_COUNTS = o.servers !== undefined ? [Number(o.servers)] : DATABASE_URL ? [1, 2] : [1];
if (!SERVER_COUNTS.every((n) => n === 1 || n === 2)) throw new Error("--servers is 1 or 2");
if (!DATABASE_URL && SERVER_COUNTS.includes(2))
  throw new Error("two servers need PostgreSQL (a PGlite folder has one writer)");

const TARGET = { uploadP99: 250, boardP95: 100, mailP95S: 60 };
const PERIOD_MS = 5 * 60_000;
const MIN = 60_000;
const BOARD_POLL_MS = 30_000;
/** How long after the load an alert may still be mailed before it counts as never mailed. */
const MAIL_WAIT_MS = 65_000;
const TZ = "Asia%2FTokyo";
const HR = measureOf(HEART_RATE).measure;
/** The band's 11 measures: every level and count measure (sleep comes as segments). */
const BAND_MEASURES = MEASURES.filter((m) => m.type === "time_series" && m.aggregation !== "sleep");
/** A red heart rate: above the default range's red cut (160 bpm). */
const RED_HR = 165;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The end of a step's load: `nap` sleeps until its time or the stop, whichever comes first. */
class Stopper {
  private done = false;
  private readonly waiting = new Set<() => void>();
  constructor(private readonly broken: () => boolean) {}
  get stopped(): boolean {
    return this.done || this.broken();
  }
  stop(): void {
    this.done = true;
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }
  nap(ms: number): Promise<void> {
    if (this.done) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiting.add(wake);
    });
  }
}

const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "∞");

/** A value in the middle of the green band of measure `m` (so that only the red bands raise alerts). */
function greenValue(m: (typeof BAND_MEASURES)[number], band: number, minute: number): number {
  const { min, max } = m.scale;
  if (m.aggregation === "sum") return (band * 7 + minute * 13) % 120; // steps a minute
  // high is bad: 30–50 % of the scale; low is bad: 65–85 %
  const from = m.direction === "high" ? 0.3 : 0.65;
  const share = from + 0.2 * (((band * 31 + minute * 7) % 100) / 100);
  const v = min + share * (max - min);
  return m.decimals ? Math.round(v * 10) / 10 : Math.round(v);
}

// ---- seeding ----

type Claims = IdTokenClaims & { email: string };

interface Fleet {
  bands: Claims[];
  /** The entity of each band. */
  entityOfBand: number[];
  staff: Claims[];
  entityOfStaff: number[];
  entities: number;
  idTokens: IdTokens;
}

const ws = (e: number) => `fleet${e}`;

/** Entities, people, memberships and sessions in a few set-based statements. */
async function seed(database: Database, bands: number): Promise<Fleet> {
  const db = database.db;
  const entities = Math.ceil(bands / ENTITY_SIZE);
  const staffCount = Math.max(STAFF, entities);
  await db.execute(sql`insert into entities (workspace_name, name, description)
    select 'fleet' || e, 'Fleet ' || e, 'benchmark' from generate_series(0, ${entities - 1}::int) e`);
  type Person = { id: string; k: number; session: string };
  const people = async (
    prefix: string,
    n: number,
    role: "client" | "staff",
    entityOf: (k: number) => number,
  ) => {
    await db.execute(sql`insert into users (email, name, email_verified_at)
      select ${prefix} || '-' || k || '@example.com', ${prefix} || ' ' || k, now()
      from generate_series(0, ${n - 1}::int) k`);
    const found = await rows<Person>(
      db,
      sql`with p as (
          select id, substr(email, ${prefix.length + 2}::int, strpos(email, '@') - ${prefix.length + 2}::int)::int as k
          from users where email like ${`${prefix}-%`}),
        m as (insert into memberships (workspace_name, user_id, role, status, accepted_at)
          select 'fleet' || (${sql.param(Array.from({ length: n }, (_, k) => entityOf(k)))}::int[])[p.k + 1],
            p.id, ${role}, 'accepted', now() - interval '1 day' from p),
        s as (insert into sessions (user_id, refresh_token_hash, expires_at)
          select id, 'fleet-bench-' || id, now() + interval '30 days' from p returning id, user_id)
      select p.id, p.k, s.id as session from p join s on s.user_id = p.id order by p.k`,
    );
    return found.map((p) => ({ uid: p.id, sid: p.session, tv: 0, email: `${prefix}-${p.k}@example.com` }));
  };
  const entityOfBand = Array.from({ length: bands }, (_, k) => Math.floor(k / ENTITY_SIZE));
  const entityOfStaff = Array.from({ length: staffCount }, (_, k) => k % entities);
  return {
    bands: await people("band", bands, "client", (k) => entityOfBand[k] ?? 0),
    entityOfBand,
    staff: await people("fleet-staff", staffCount, "staff", (k) => entityOfStaff[k] ?? 0),
    entityOfStaff,
    entities,
    idTokens: await IdTokens.create(db, BENCH_SECRET),
  };
}

/** Id tokens live 15 minutes: each is signed again after 10. */
class Tokens {
  private readonly kept = new Map<string, { token: string; at: number }>();
  constructor(private readonly idTokens: IdTokens) {}
  async of(c: Claims): Promise<string> {
    const k = this.kept.get(c.uid);
    if (k && performance.now() - k.at < 10 * MIN) return k.token;
    const token = await this.idTokens.sign(c);
    this.kept.set(c.uid, { token, at: performance.now() });
    return token;
  }
}

// ---- the load ----

interface Upload {
  uid: string;
  /** Epoch ms of the batch's first and last sample. */
  first: number;
  last: number;
  /** Epoch ms when this process sent it. */
  sentAt: number;
}

interface Step {
  uploads: number[];
  board: number[];
  reads: number[];
  errors: string[];
  sent: Upload[];
  resends: number;
  lates: number;
  /** Epoch ms of the load's start. */
  t0: number;
}

const noteError = (step: Step, what: string) => {
  if (step.errors.length < 20) progress(`error at ${((Date.now() - step.t0) / 1000).toFixed(0)} s: ${what}`);
  step.errors.push(what);
};

/** One band's life during the step: an upload every 5 minutes at its phase. */
async function runBand(
  step: Step,
  server: Server,
  tokens: Tokens,
  claims: Claims,
  band: number,
  bands: number,
  t0: number,
  endAt: number,
  stopper: Stopper,
) {
  const red = RED > 0 && band % Math.round(1 / RED) === 0;
  // the phases spread evenly over the period in a scattered order (neighbours share an entity); the seconds of a
  // band's samples are its own
  const phase = Math.floor((((band * 7919) % bands) * PERIOD_MS) / bands);
  const second = (band * 13) % 60;
  let carried: string[] = [];
  let first = Number.POSITIVE_INFINITY;
  for (let k = 0; ; k++) {
    const nominal = t0 + phase + k * PERIOD_MS;
    const sendAt = nominal + Math.random() * JITTER_S * 1000;
    if (sendAt >= endAt) return;
    await stopper.nap(sendAt - Date.now());
    if (stopper.stopped) return;
    // the 5 minutes before the nominal time, a sample a minute of each measure
    const minute0 = Math.floor(nominal / MIN) - 5;
    const redNow = red && k % 2 === 0;
    for (let j = 0; j < 5; j++) {
      const at = (minute0 + j) * MIN + second * 1000;
      first = Math.min(first, at);
      for (const m of BAND_MEASURES) {
        const v = m.measure === HR && redNow ? RED_HR : greenValue(m, band, minute0 + j);
        carried.push(`{"code":"${m.id}","time":${at / 1000},"value":${v}}`);
      }
    }
    const last = (minute0 + 4) * MIN + second * 1000;
    // a missed upload: the band sends these samples with its next one
    if (Math.random() < LATE && nominal + PERIOD_MS < endAt) {
      step.lates++;
      continue;
    }
    const body = `{"samples":[${carried.join(",")}]}`;
    const count = carried.length;
    const upload: Upload = { uid: claims.uid, first, last, sentAt: Date.now() };
    carried = [];
    first = Number.POSITIVE_INFINITY;
    step.sent.push(upload);
    const token = await tokens.of(claims);
    const answer = await post(step, server, token, body, count, false);
    if (answer && Math.random() < RESEND) {
      await stopper.nap(1000 + Math.random() * 9000);
      if (stopper.stopped) return;
      step.resends++;
      await post(step, server, token, body, count, true);
    }
  }
}

/** One upload, timed from the call to its answer; anything but a clean 200 is an error. */
async function post(step: Step, server: Server, token: string, body: string, count: number, resent: boolean) {
  const t = performance.now();
  try {
    const { status, text } = await server.post("/user/vitals", token, body);
    step.uploads.push(performance.now() - t);
    if (status !== 200) return noteError(step, `upload ${status}: ${text.slice(0, 200)}`);
    const a = JSON.parse(text) as { accepted: number; duplicates: number; rejected: unknown[] };
    if (a.rejected.length)
      return noteError(step, `upload rejected ${JSON.stringify(a.rejected.slice(0, 3))}`);
    const expected = resent ? { accepted: 0, duplicates: count } : { accepted: count, duplicates: 0 };
    if (a.accepted !== expected.accepted || a.duplicates !== expected.duplicates)
      return noteError(
        step,
        `upload stored ${a.accepted} new, ${a.duplicates} again of ${count}${resent ? " (resent)" : ""}`,
      );
    return a;
  } catch (err) {
    step.uploads.push(performance.now() - t);
    return noteError(step, `upload failed: ${String(err)}`);
  }
}

/**
 * A staff member's open event stream; `onEvent` on each `changed` event, with its `as_of` (undefined when the stream
 * (re)opens, as the web forgets it then). Reconnects until `stopped`.
 */
async function followEvents(
  server: Server,
  agent: Agent,
  path_: string,
  token: () => Promise<string>,
  onEvent: (asOf: string | undefined) => void,
  stopper: Stopper,
  opened: { res?: IncomingMessage },
) {
  while (!stopper.stopped) {
    const t = await token();
    await new Promise<void>((resolve) => {
      get(`${server.base}${path_}`, { agent, headers: { authorization: `Bearer ${t}` } }, (res) => {
        opened.res = res;
        if (stopper.stopped) res.destroy();
        res.setEncoding("utf8");
        onEvent(undefined);
        res.on("data", (text: string) => {
          if (!text.includes("event: changed")) return;
          const asOfs = [...text.matchAll(/"as_of":"([^"]*)"/g)];
          onEvent(asOfs.at(-1)?.[1]);
        });
        res.on("end", resolve);
        res.on("error", () => resolve());
        res.on("close", () => resolve());
      }).on("error", () => resolve());
    });
    await stopper.nap(1000);
  }
}

/** One staff member with the board open, as the web's staff home: board and unseen count, reports now and then. */
async function runStaff(
  step: Step,
  server: Server,
  tokens: Tokens,
  claims: Claims,
  entity: number,
  stopper: Stopper,
  streams: { res?: IncomingMessage }[],
) {
  const agent = keepAliveAgent();
  const streamAgent = new Agent({ keepAlive: false });
  const base = `/staff/${ws(entity)}`;
  const timed = async (p: string, into: number[]) => {
    try {
      const { status, ms } = await server.timeToLastByte(p, await tokens.of(claims), agent);
      into.push(ms);
      if (status !== 200) noteError(step, `GET ${p}: ${status}`);
    } catch (err) {
      noteError(step, `GET ${p} failed: ${String(err)}`);
    }
  };
  // react-query: one fetch at a time per query; an invalidation during one fetches again after it
  let busy: Promise<void> | null = null;
  let again = false;
  const refresh = () => {
    if (busy) again = true;
    else
      busy = reread().finally(() => {
        busy = null;
      });
    return busy;
  };
  // as the web: a board read sends the last event's as_of (none with --strict-board)
  let asOf: string | undefined;
  const reread = async () => {
    do {
      again = false;
      const asOfParam = asOf && !STRICT_BOARD ? `&as_of=${encodeURIComponent(asOf)}` : "";
      await Promise.all([
        timed(`${base}/board?timezone=${TZ}${asOfParam}`, step.board),
        timed(`${base}/notifications/unseen`, step.reads),
      ]);
    } while (again && !stopper.stopped);
  };
  const opened: { res?: IncomingMessage } = {};
  streams.push(opened);
  const events = followEvents(
    server,
    streamAgent,
    `${base}/events`,
    () => tokens.of(claims),
    (event) => {
      asOf = event;
      if (event) void refresh();
    },
    stopper,
    opened,
  );
  const poll = (async () => {
    while (!stopper.stopped) {
      await refresh();
      await stopper.nap(BOARD_POLL_MS);
    }
  })();
  const reports = (async () => {
    await stopper.nap(Math.random() * REPORT_EVERY_S * 1000);
    while (!stopper.stopped) {
      const id = REPORT_TILES[Math.floor(Math.random() * REPORT_TILES.length)];
      await timed(
        `${base}/reports_v2/${id}?interval=${Math.random() < 0.5 ? 1 : 7}&timezone=${TZ}`,
        step.reads,
      );
      await stopper.nap(REPORT_EVERY_S * 1000 * (0.5 + Math.random()));
    }
  })();
  await Promise.all([events, poll, reports]);
  await busy;
  agent.destroy();
  streamAgent.destroy();
}

// ---- measuring ----

const TIMELINE_TOKEN = "fleet-bench-metrics-token";

/**
 * `--timeline`: where a step's time goes, every 10 s on stderr: the uploads answered in the window and their p99,
 * the servers' event-loop delay (max and p99 of `monitorEventLoopDelay`, read from /api/metrics every second, which
 * resets it), the most queries waiting for a pooled connection at a second's sample, the share of the window's
 * board answers done within 50, 100 and 250 ms inside the servers (their request histogram), and on PostgreSQL what its
 * active backends waited on (pg_stat_activity sampled every second: wait events summed over the window).
 */
class Timeline {
  private readonly timer: NodeJS.Timeout;
  private from = 0;
  private seconds = 0;
  private loopMax = 0;
  private loopP99 = 0;
  private poolWaiting = 0;
  private active = 0;
  private waits = new Map<string, number>();
  private busy = false;
  /** The servers' board answers by duration bucket (cumulative counts by `le`): now and at the last print. */
  private boardSeen = new Map<string, number>();
  private boardNow = new Map<string, number>();

  constructor(
    private readonly servers: Server[],
    private readonly step: Step,
    private readonly db: Database["db"],
  ) {
    this.timer = setInterval(() => void this.sample(), 1000);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async sample() {
    if (this.busy) return;
    this.busy = true;
    try {
      for (const s of this.servers) {
        const r = await fetch(`${s.base}/metrics`, {
          headers: { authorization: `Bearer ${TIMELINE_TOKEN}` },
        });
        const text = await r.text();
        const metric = (name: string) =>
          Number(new RegExp(`^${name} ([0-9.e+-]+)`, "m").exec(text)?.[1] ?? 0);
        this.loopMax = Math.max(this.loopMax, metric("nodejs_eventloop_lag_max_seconds") * 1000);
        this.loopP99 = Math.max(this.loopP99, metric("nodejs_eventloop_lag_p99_seconds") * 1000);
        this.poolWaiting = Math.max(this.poolWaiting, metric("mimamori_db_pool_waiting"));
        for (const [line = "", n] of text.matchAll(
          /^mimamori_http_request_duration_seconds_bucket\{.*\} (\d+)$/gm,
        )) {
          if (!line.includes('route="/api/staff/:workspace/board"') || !line.includes('status="200"'))
            continue;
          const le = /le="([^"]+)"/.exec(line)?.[1];
          if (le) this.boardNow.set(`${s.base} ${le}`, Number(n));
        }
      }
      if (DATABASE_URL) {
        const found = await rows<{ wait: string; n: string }>(
          this.db,
          sql`select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait, count(*)::text as n
            from pg_stat_activity
            where state = 'active' and backend_type = 'client backend' and pid <> pg_backend_pid()
            group by 1`,
        );
        for (const f of found) {
          this.active += Number(f.n);
          this.waits.set(f.wait, (this.waits.get(f.wait) ?? 0) + Number(f.n));
        }
      }
      if (++this.seconds === 10) this.print();
    } catch (err) {
      progress(`timeline: ${String(err)}`);
    } finally {
      this.busy = false;
    }
  }

  private print() {
    const window = this.step.uploads.slice(this.from);
    this.from = this.step.uploads.length;
    const waits = [...this.waits]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([w, n]) => `${w} ${(n / this.seconds).toFixed(1)}`)
      .join(", ");
    // the board's time inside the server: the share of the window's board answers that took ≤ 50, 100, 250 ms
    const served = (le: string) =>
      this.servers.reduce(
        (sum, s) =>
          sum + (this.boardNow.get(`${s.base} ${le}`) ?? 0) - (this.boardSeen.get(`${s.base} ${le}`) ?? 0),
        0,
      );
    const boards = served("+Inf");
    const share = (le: string) => `${boards ? ((served(le) / boards) * 100).toFixed(0) : "-"} %`;
    const shares = `≤50 ms ${share("0.05")}, ≤100 ${share("0.1")}, ≤250 ${share("0.25")}`;
    this.boardSeen = new Map(this.boardNow);
    progress(
      `${((Date.now() - this.step.t0) / 1000).toFixed(0)} s: ${window.length} uploads p99 ${f1(pct(window, 99))} ms max ${f1(Math.max(0, ...window))} | loop max ${f1(this.loopMax)} ms p99 ${f1(this.loopP99)} | pool waiting max ${this.poolWaiting} | board in server ${boards}: ${shares}${DATABASE_URL ? ` | pg active ${(this.active / this.seconds).toFixed(1)}: ${waits}` : ""}`,
    );
    this.seconds = 0;
    this.loopMax = this.loopP99 = this.poolWaiting = this.active = 0;
    this.waits = new Map();
  }
}

/**
 * An SMTP relay that accepts and drops every message: on PostgreSQL the server runs as in production, where there
 * is no development mailbox (without SMTP_URL it would mark every mail failed), so the outbox worker delivers here.
 */
async function smtpSink(): Promise<{ url: string; delivered: () => number; close: () => Promise<void> }> {
  let delivered = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, done) {
      stream.on("end", () => {
        delivered++;
        done();
      });
      stream.resume();
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered: () => delivered,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Bytes of a folder (PGlite's data). */
function folderBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    total += e.isDirectory() ? folderBytes(p) : statSync(p).size;
  }
  return total;
}

/** Bytes written by a process to storage so far (/proc/<pid>/io `write_bytes`; 0 when unreadable). */
function writeBytes(pid: number): number {
  try {
    return Number(/^write_bytes:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** PostgreSQL's WAL bytes so far (`pg_stat_wal`) and the database's size. */
async function pgBytes(db: Database["db"]): Promise<{ wal: number; size: number }> {
  const [r] = await rows<{ wal: string; size: string }>(
    db,
    sql`select (select wal_bytes from pg_stat_wal)::text as wal, pg_database_size(current_database())::text as size`,
  );
  return { wal: Number(r?.wal ?? 0), size: Number(r?.size ?? 0) };
}

/** Each measurement alert with the time of its first mail (null: not mailed). */
async function alertMails(db: Database["db"]) {
  return rows<{ uid: string; at: string; mailed: string | null; sent: string | null; snoozed: boolean }>(
    db,
    sql`select n.user_id as uid, n.at::text as at, min(m.created_at)::text as mailed, min(m.sent_at)::text as sent,
        n.snooze_id is not null as snoozed
      from notifications n
        left join notification_mails nm on nm.notification_id = n.id
        left join mail_outbox m on m.id = nm.mail_id
      where n.notification_type = 2
      group by n.id`,
  );
}

/**
 * Seconds from the upload that carried each alert's sample to its first mail (∞: never mailed): queued in the
 * outbox (the development mailbox shows it), or with `delivered` handed to the SMTP relay.
 */
function mailDelays(
  sent: Upload[],
  alerts: Awaited<ReturnType<typeof alertMails>>,
  delivered = false,
): number[] {
  const byUser = new Map<string, Upload[]>();
  for (const u of sent) {
    const list = byUser.get(u.uid);
    if (list) list.push(u);
    else byUser.set(u.uid, [u]);
  }
  return alerts
    .filter((a) => !a.snoozed)
    .map((a) => {
      const at = new Date(a.at).getTime();
      const carrier = (byUser.get(a.uid) ?? [])
        .filter((u) => u.first <= at && at <= u.last)
        .sort((x, y) => x.sentAt - y.sentAt)[0];
      if (!carrier) return Number.NaN;
      const mailed = delivered ? a.sent : a.mailed;
      return mailed ? (new Date(mailed).getTime() - carrier.sentAt) / 1000 : Number.POSITIVE_INFINITY;
    })
    .filter((s) => !Number.isNaN(s));
}

interface Result {
  servers: number;
  bands: number;
  pass: boolean;
  line: string;
}

/** One step: a fresh database, `bands` bands and the staff on `servers` server processes for MINUTES. */
async function runStep(servers: number, bands: number): Promise<Result> {
  progress(`step: ${bands.toLocaleString()} bands on ${servers} server process(es), ${MINUTES} min`);
  const fresh: Fresh = await freshDatabase("fleet");
  const started: Server[] = [];
  const smtp = DATABASE_URL ? await smtpSink() : undefined;
  const step: Step = {
    uploads: [],
    board: [],
    reads: [],
    errors: [],
    sent: [],
    resends: 0,
    lates: 0,
    t0: Date.now(),
  };
  try {
    const t = performance.now();
    const fleet = await seed(fresh.database, bands);
    progress(
      `seeded ${bands.toLocaleString()} bands, ${fleet.staff.length} staff, ${fleet.entities} entities in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    if (!DATABASE_URL) await fresh.database.close();
    const sizeBefore = fresh.dataDir ? folderBytes(fresh.dataDir) : 0;
    const env = {
      ...fresh.env,
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
      ...(TIMELINE ? { METRICS_TOKEN: TIMELINE_TOKEN } : {}),
    };
    for (let i = 0; i < servers; i++) started.push(await startServer(fresh.dataDir, env));
    const tokens = new Tokens(fleet.idTokens);
    const rss = started.map((s) => new RssSampler(s.pid));
    const dbCpu = await databaseCpu(fresh.env.DATABASE_URL);
    const serverCpu = () => started.reduce((sum, s) => sum + cpuSeconds(s.pid), 0);
    const written = () => started.reduce((sum, s) => sum + writeBytes(s.pid), 0);
    const pg0 = DATABASE_URL ? await pgBytes(fresh.database.db) : undefined;
    const cpu0 = { server: serverCpu(), db: dbCpu(), me: process.cpuUsage(), wall: performance.now() };
    const written0 = written();
    const load0 = loadavg()[0] ?? 0;

    // a step that has clearly failed (the server gone, errors without end) stops early
    const stopper = new Stopper(
      () => step.errors.length > 1000 || started.some((s) => s.exitReason !== null),
    );
    const t0 = Date.now();
    step.t0 = t0;
    const endAt = t0 + MINUTES * MIN;
    const streams: { res?: IncomingMessage }[] = [];
    const staff = fleet.staff
      .slice(0, STAFF)
      .map((c, i) =>
        runStaff(
          step,
          started[i % servers] as Server,
          tokens,
          c,
          fleet.entityOfStaff[i] ?? 0,
          stopper,
          streams,
        ),
      );
    const timeline = TIMELINE ? new Timeline(started, step, fresh.database.db) : undefined;
    const timer = setInterval(() => {
      if (stopper.stopped) stopper.stop(); // broken: wake everyone now
      const done = step.uploads.length;
      progress(
        `${((Date.now() - t0) / 1000).toFixed(0)} s: ${done} uploads (p99 so far ${f1(pct(step.uploads, 99))} ms), ${step.board.length} board reads, ${step.errors.length} errors`,
      );
    }, 60_000);
    await Promise.all(
      fleet.bands.map((c, i) =>
        runBand(step, started[i % servers] as Server, tokens, c, i, bands, t0, endAt, stopper),
      ),
    );
    stopper.stop();
    clearInterval(timer);
    timeline?.stop();
    for (const s of streams) s.res?.destroy();
    await Promise.all(staff);
    const wall = (performance.now() - cpu0.wall) / 1000;
    const me = process.cpuUsage(cpu0.me);
    const cpu = {
      server: serverCpu() - cpu0.server,
      db: dbCpu() - cpu0.db,
      me: (me.user + me.system) / 1e6,
    };
    const writtenBytes = written() - written0;
    const pg1 = DATABASE_URL ? await pgBytes(fresh.database.db) : undefined;
    const peakRss = Math.max(...rss.map((r) => r.peakKb)) / 1024;
    for (const r of rss) r.stop();

    // the alert mails: on PostgreSQL until none is left to mail, on PGlite (one process per folder) a fixed wait
    let alerts: Awaited<ReturnType<typeof alertMails>> = [];
    const mailDeadline = Date.now() + MAIL_WAIT_MS;
    if (DATABASE_URL) {
      for (;;) {
        alerts = await alertMails(fresh.database.db);
        if (alerts.every((a) => (a.mailed && a.sent) || a.snoozed) || Date.now() > mailDeadline) break;
        await sleep(2000);
      }
    } else if (step.sent.length) await sleep(Math.max(0, mailDeadline - Date.now()));
    for (const s of started.splice(0)) await s.stop();
    if (!DATABASE_URL) {
      const reopened = await openDatabase({ dataDir: fresh.dataDir });
      try {
        alerts = await alertMails(reopened.db);
      } finally {
        await reopened.close();
      }
    }
    const growth =
      pg0 && pg1 ? pg1.size - pg0.size : fresh.dataDir ? folderBytes(fresh.dataDir) - sizeBefore : 0;
    const delays = mailDelays(step.sent, alerts);
    const deliveries = smtp ? mailDelays(step.sent, alerts, true) : [];
    const n = step.uploads.length;
    const up = { p50: pct(step.uploads, 50), p95: pct(step.uploads, 95), p99: pct(step.uploads, 99) };
    const boardP95 = pct(step.board, 95);
    const mailP95 = delays.length ? pct(delays, 95) : Number.NaN;
    const pass =
      n > 0 &&
      up.p99 <= TARGET.uploadP99 &&
      boardP95 <= TARGET.boardP95 &&
      (Number.isNaN(mailP95) || mailP95 <= TARGET.mailP95S) &&
      step.errors.length === 0;
    const core = (s: number) => `${((s / wall) * 100).toFixed(0)} %`;
    const kb = (b: number) => `${(b / n / 1024).toFixed(1)} KB`;
    const line = [
      `| ${servers} | ${bands.toLocaleString()} | ${(n / (MINUTES * 60)).toFixed(1)}`,
      `${f1(up.p50)} / ${f1(up.p95)} / ${f1(up.p99)}`,
      `${f1(pct(step.board, 50))} / ${f1(boardP95)} (${step.board.length})`,
      `${f1(pct(step.reads, 95))} (${step.reads.length})`,
      `${Number.isNaN(mailP95) ? "n/a" : f1(mailP95)}${deliveries.length ? `, delivered ${f1(pct(deliveries, 95))}` : ""} (${delays.length})`,
      `${step.errors.length}`,
      `${core(cpu.server)}`,
      DATABASE_URL ? core(cpu.db) : "in server",
      `${core(cpu.me)}`,
      `${f1(((cpu.server + cpu.db) * 1000) / n)}`,
      pg0 && pg1
        ? `${kb(pg1.wal - pg0.wal)} WAL, ${kb(growth)} growth`
        : `${kb(writtenBytes)} written, ${kb(growth)} growth`,
      `${peakRss.toFixed(0)} MB`,
      `${load0.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`,
      `${pass ? "pass" : "FAIL"} |`,
    ].join(" | ");
    console.log(line);
    progress(
      `${step.lates} late batches, ${step.resends} resent; ${alerts.length} alerts${smtp ? `, ${smtp.delivered()} mails delivered over SMTP` : ""}`,
    );
    if (step.errors.length) progress(`first errors: ${step.errors.slice(0, 3).join("; ")}`);
    return { servers, bands, pass, line };
  } finally {
    for (const s of started) await s.stop();
    if (DATABASE_URL) await fresh.database.close().catch(() => {});
    await fresh.drop();
    await smtp?.close();
  }
}

/** The search for the largest passing fleet on `servers` processes, from `start`. */
async function search(servers: number, start: number): Promise<number | null> {
  let pass: number | null = null;
  let fail: number | null = null;
  let bands = start;
  for (let i = 0; i < MAX_STEPS; i++) {
    const r = await runStep(servers, bands);
    if (r.pass) pass = Math.max(pass ?? 0, bands);
    else fail = Math.min(fail ?? Number.POSITIVE_INFINITY, bands);
    let next: number;
    if (fail === null) next = STEP ? bands + STEP : bands * 2;
    else if (pass === null) next = Math.floor(fail / 2);
    else if (STEP) break;
    else next = Math.round((pass + fail) / 2);
    if (pass !== null && fail !== null && (fail - pass) / pass <= PRECISION) break;
    if (next > MAX_BANDS || next < 1 || next === bands) break;
    bands = next;
  }
  return pass;
}

async function main() {
  const kind = DATABASE_URL ? "postgres" : "pglite";
  console.log(
    `Fleet on ${kind}: ${MINUTES} min a step, ${BAND_MEASURES.length} measures a sample minute, ${STAFF} staff with boards open, entities of ${ENTITY_SIZE} members, jitter ${JITTER_S} s, late ${LATE}, resent ${RESEND}, red ${RED}. Load average ${(loadavg()[0] ?? 0).toFixed(2)} at the start.`,
  );
  console.log(
    `Targets: upload p99 ≤ ${TARGET.uploadP99} ms, board p95 ≤ ${TARGET.boardP95} ms, alert upload-to-mail p95 ≤ ${TARGET.mailP95S} s, 0 errors.\n`,
  );
  console.log(
    "| servers | bands | uploads/s | upload p50 / p95 / p99 ms | board p50 / p95 ms (reads) | other reads p95 ms (n) | alert→mail p95 s (alerts) | errors | server CPU | PostgreSQL CPU | generator CPU | server+db CPU ms/upload | bytes/upload | peak RSS | load | verdict |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  let start = START;
  const found: string[] = [];
  for (const servers of SERVER_COUNTS) {
    const best = await search(servers, start);
    found.push(
      `${servers} server process${servers > 1 ? "es" : ""}: ${best === null ? "no step passed" : `${best.toLocaleString()} bands (${(best / 300).toFixed(1)} uploads/s)`}`,
    );
    if (best !== null) start = best;
  }
  console.log(`\nLargest fleet sustained for ${MINUTES} min on ${kind}: ${found.join("; ")}.`);
  console.log(`Load average ${(loadavg()[0] ?? 0).toFixed(2)} at the end.`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
