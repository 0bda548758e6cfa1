import { Readable } from "node:stream";
import { setImmediate as macrotask } from "node:timers/promises";
import { type CsvCell, csvLine, EXPORTS_PER_USER, type Language } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Db } from "../db/client";
import { rows } from "../db/client";
import { requireUser } from "./access";
import { AppError } from "./errors";
import { at } from "./time-sql";

export type Cell = CsvCell;
/**
 * Batches of rows, produced lazily: one batch per query (empty ones too), and the next query runs only when
 * the previous batch was sent.
 */
export type RowBatches = AsyncIterable<Cell[][]>;

const BOM = "\uFEFF";

/**
 * Rows per query. A PGlite query blocks the event loop while it runs: pages of a thousand rows (~10–30 ms)
 * keep other requests answered between them (docs/decisions.md, "Trust").
 */
export const PAGE = 1000;

/**
 * Rows of a paged export's first query. The first query after a start runs on cold code and caches (the
 * embedded database's WebAssembly not yet optimised, its catalog caches empty, the row parsing and CSV writing
 * not yet compiled): a thousand rows took ~40 ms instead of ~9, and over 100 ms on a busy machine. A smaller
 * first page bounds that stretch; the pages after it are full.
 */
export const FIRST_PAGE = 200;

/** Rows to ask for with the keyset `cursor` (null: the first page). */
export const pageSize = (cursor: unknown) => (cursor === null ? FIRST_PAGE : PAGE);

/**
 * The writer's pause before every query. PGlite answers in microtasks, so without a macrotask break one export
 * would run query after query and starve every other request; a batch without rows writes nothing, so
 * backpressure alone would not stop it either. The first query waits too: the request is handled in the event
 * loop's poll phase and a `setImmediate` from there runs in the same turn, so with breaks only after batches
 * the first two queries ran back to back without a poll phase between them, and on a cold start (the
 * embedded database's code and caches not yet warm) that stretch kept other requests waiting 90–150 ms
 * (bench/README.md, "Exports"). A closed connection ends the batches (and so the queries).
 */
async function* paced(batches: RowBatches, closed: AbortSignal): RowBatches {
  const it = batches[Symbol.asyncIterator]();
  try {
    for (;;) {
      await macrotask();
      if (closed.aborted) return;
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await it.return?.();
  }
}

async function* csvChunks(headers: string[], batches: RowBatches) {
  yield BOM + csvLine(headers);
  for await (const batch of batches) if (batch.length) yield batch.map(csvLine).join("");
}

/** JSON is not a spreadsheet format: values are written as they are, not neutralised. */
async function* jsonChunks(headers: string[], batches: RowBatches) {
  yield `{"headers":${JSON.stringify(headers)},"values":[`;
  let first = true;
  for await (const batch of batches) {
    if (!batch.length) continue;
    yield (first ? "" : ",") + batch.map((r) => JSON.stringify(r)).join(",");
    first = false;
  }
  yield "]}";
}

/** Exports running per person in this process (docs/decisions.md, "Trust": per instance). */
const running = new Map<string, number>();

/** Takes one of the caller's export slots (429 `too-many-exports` when all are in use); returns its release. */
function takeExportSlot(userId: string): () => void {
  const n = running.get(userId) ?? 0;
  if (n >= EXPORTS_PER_USER) throw new AppError("too-many-exports");
  running.set(userId, n + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (running.get(userId) ?? 1) - 1;
    if (left > 0) running.set(userId, left);
    else running.delete(userId);
  };
}

/**
 * Sends rows as a streamed download: CSV in UTF-8 with a BOM (so Excel in Japan reads it), every text cell
 * neutralised against formula injection, or JSON `{headers, values}`. One batch at a time is read, and only
 * when the client has taken the previous one (backpressure); a closed connection stops the queries. Each
 * caller has EXPORTS_PER_USER exports at a time; a slot is freed when its last chunk is made, or when the response
 * fails or is cut off.
 */
export function sendRows(
  reply: FastifyReply,
  filename: string,
  headers: string[],
  batches: RowBatches,
  format: "csv" | "json" = "csv",
) {
  const release = takeExportSlot(requireUser(reply.request).id);
  const closed = new AbortController();
  reply.raw.once("close", () => {
    release();
    closed.abort();
  });
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, "_");
  const ext = format === "csv" ? "csv" : "json";
  reply
    .header("content-type", format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8")
    .header("content-disposition", `attachment; filename="${ascii}.${ext}"`)
    .header("cache-control", "no-store");
  const out = paced(batches, closed.signal);
  const chunks = format === "csv" ? csvChunks(headers, out) : jsonChunks(headers, out);
  // one chunk read ahead at most: nothing is queried for a client that is not reading
  return reply.send(Readable.from(releasing(chunks, release), { highWaterMark: 1 }));
}

/**
 * The chunks, then the slot given back once the last is made: before its bytes reach the client, so a download that
 * has ended has always freed its slot for the caller's next (the response's close may come after that next
 * request; CI saw a third download refused so).
 */
async function* releasing(chunks: AsyncIterable<string>, release: () => void) {
  try {
    yield* chunks;
  } finally {
    release();
  }
}

/** `YYYY/MM/DD HH:mm` of a timestamptz expression in the zone (§9 dates in exports). */
export const localText = (col: ReturnType<typeof sql>, tz: string) =>
  sql`to_char(${col} at time zone ${tz}, 'YYYY/MM/DD HH24:MI')`;

/** A time column's header naming the zone of its `localText` cells: "Sent at (Asia/Tokyo)", "送信日時（Asia/Tokyo）". */
export const zonedHeader = (label: string, tz: string, lang: Language) =>
  lang === "jp" ? `${label}（${tz}）` : `${label} (${tz})`;

/**
 * Local-midnight (or first-of-month) boundaries cutting [start, end) (epoch ms) into slices of `days` days or
 * `months` months, so a grouped export runs one bounded query per slice; the first and last slices are clipped
 * to the window.
 */
export async function slices(
  db: Db,
  start: number,
  end: number,
  tz: string,
  step: { days: number } | { months: number },
) {
  const [unit, every] =
    "months" in step
      ? [sql`'month'`, sql`make_interval(months => ${step.months}::int)`]
      : [sql`'day'`, sql`make_interval(days => ${step.days}::int)`];
  const bounds = await rows<{ t: number }>(
    db,
    sql`select extract(epoch from (g at time zone ${tz}))::float8 * 1000 as t
      from generate_series(date_trunc(${unit}, ${at(start)} at time zone ${tz}), ${at(end)} at time zone ${tz},
        ${every}) g`,
  );
  const out: { start: number; end: number }[] = [];
  let from = start;
  for (const to of [...bounds.map((b) => b.t).filter((t) => t > start && t < end), end]) {
    out.push({ start: from, end: to });
    from = to;
  }
  return out;
}

/** Rounds to `places` decimals; null stays null. */
export const fixed = (v: number | null, places: number) => (v === null ? null : Number(v.toFixed(places)));
