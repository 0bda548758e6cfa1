import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Db } from "../../db/client";
import { rows } from "../../db/client";
import { at } from "../vitals/sql";

export type Cell = string | number | null;
/** Batches of rows, produced lazily: the next batch is queried only when the previous one was sent. */
export type RowBatches = AsyncIterable<Cell[][]>;

const BOM = "\uFEFF";

function cell(v: Cell): string {
  if (v === null) return "";
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
export const csvLine = (cells: Cell[]) => `${cells.map(cell).join(",")}\r\n`;

async function* csvChunks(headers: string[], batches: RowBatches) {
  yield BOM + csvLine(headers);
  for await (const batch of batches) if (batch.length) yield batch.map(csvLine).join("");
}

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

/**
 * Sends rows as a streamed download: CSV in UTF-8 with a BOM (so Excel in Japan reads it), or JSON
 * `{headers, values}`. Nothing is held beyond one batch; a closed connection stops the queries.
 */
export function sendRows(
  reply: FastifyReply,
  filename: string,
  headers: string[],
  batches: RowBatches,
  format: "csv" | "json" = "csv",
) {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, "_");
  const ext = format === "csv" ? "csv" : "json";
  reply
    .header("content-type", format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8")
    .header("content-disposition", `attachment; filename="${ascii}.${ext}"`)
    .header("cache-control", "no-store");
  return reply.send(
    Readable.from(format === "csv" ? csvChunks(headers, batches) : jsonChunks(headers, batches)),
  );
}

/** `YYYY/MM/DD HH:mm` of a timestamptz expression in the zone (§9 dates in exports). */
export const localText = (col: ReturnType<typeof sql>, tz: string) =>
  sql`to_char(${col} at time zone ${tz}, 'YYYY/MM/DD HH24:MI')`;

/**
 * Local-midnight boundaries cutting [start, end) (epoch ms) into slices of `days` days, so a grouped export
 * runs one bounded query per slice; the first and last slices are clipped to the window.
 */
export async function slices(db: Db, start: number, end: number, tz: string, days: number) {
  const bounds = await rows<{ t: number }>(
    db,
    sql`select extract(epoch from (g at time zone ${tz}))::float8 * 1000 as t
      from generate_series(date_trunc('day', ${at(start)} at time zone ${tz}), ${at(end)} at time zone ${tz},
        make_interval(days => ${days}::int)) g`,
  );
  const cuts = [start, ...bounds.map((b) => b.t).filter((t) => t > start && t < end), end];
  return cuts.slice(0, -1).map((s, i) => ({ start: s, end: cuts[i + 1] }));
}

/** Rounds to `places` decimals; null stays null. */
export const fixed = (v: number | null, places: number) => (v === null ? null : Number(v.toFixed(places)));
