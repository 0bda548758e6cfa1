import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import type { Language, MyRawRetention } from "@mimamori/shared";
import type { Db } from "../../db/client";
import { consentHistory } from "../consents";
import {
  alertsOf,
  auditOf,
  dataItemsOf,
  type ExportProfile,
  fileBytes,
  formAnswersOf,
  measuresWithSamples,
  membershipsOf,
  sampleReadsOf,
  sleepSegmentsOf,
  sleepSessionsOf,
} from "./queries";
import type { ExportInput, ExportSource, FromZipWorker, ToZipWorker } from "./zip-writer";

/*
 * The ZIP of everything held about one person (issue 29 §3). Its text and compression run in a worker thread
 * (zip-worker.ts, on zip-writer.ts) with a small heap of its own; this thread only reads the database, a page
 * when the worker asks for it, and hands the worker's pieces of the ZIP to the download, the worker never more
 * than a few pieces ahead (backpressure from the socket through the ZIP to the queries).
 */

/** `mimamori-export-YYYYMMDD.zip` of the day (UTC) the export was made. */
export const exportFileName = (now: Date) =>
  `mimamori-export-${now.toISOString().slice(0, 10).replaceAll("-", "")}.zip`;

export interface ExportOptions {
  db: Db;
  profile: ExportProfile;
  lang: Language;
  /** Aborted when the download is cut off: no further query runs. */
  signal: AbortSignal;
  now: Date;
  /** How long raw samples are kept and what retention removed (vitals/retention.ts `rawRetentionOf`). */
  retention: MyRawRetention;
  onError: (err: unknown) => void;
}

/**
 * The worker's heap. What it holds live is its code, the page being written (at most PAGE answers or audit rows as
 * JSON, ~1–2 MB; samples 100 at a time) and the compressor's state; files pass as buffers outside the heap. A small
 * heap keeps its garbage small: with 16 MB of old generation and 3 MB of young the worker added ~20 MB to the
 * server (bench/README.md "The export's text in a worker"). Past the limit the worker ends and the download is cut
 * off (an error, never a ZIP that looks complete).
 */
const ZIP_WORKER_LIMITS = { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 3 };

/** The bundled worker (scripts/server-process.mjs writes it into the server's bundle). */
declare const MIMAMORI_ZIP_WORKER: string | undefined;
let zipWorkerSource: Promise<string> | undefined;

/** The worker's code: in the bundle, as built with it; run from TypeScript (tests, tools), bundled once here. */
function workerSource(): Promise<string> {
  if (typeof MIMAMORI_ZIP_WORKER === "string") return Promise.resolve(MIMAMORI_ZIP_WORKER);
  zipWorkerSource ??= import(new URL("../../../../../scripts/server-process.mjs", import.meta.url).href).then(
    (m: { buildZipWorker(): string }) => m.buildZipWorker(),
  );
  return zipWorkerSource;
}

/** The person's data as the worker asks for it, read from the database. */
function databaseSource(o: ExportOptions): ExportSource {
  const { db, lang, signal } = o;
  const userId = o.profile.uid;
  return {
    measures: () => measuresWithSamples(db, userId),
    samples: (measure) => sampleReadsOf(db, userId, measure, signal),
    sleepSegments: () => sleepSegmentsOf(db, userId, signal),
    sleepSessions: () => sleepSessionsOf(db, userId, signal),
    memberships: () => membershipsOf(db, userId),
    consents: () => consentHistory(db, userId, lang),
    answers: () => formAnswersOf(db, userId, signal),
    alerts: () => alertsOf(db, userId, signal),
    audit: () => auditOf(db, userId, signal),
    file: (id) => fileBytes(db, userId, id),
  };
}

/**
 * Answers the worker's calls and pages from `source`; `close` closes the reads still open, and what the worker
 * asks after it (messages posted before its termination still arrive) is left unanswered.
 */
export function serveWorker(worker: Pick<Worker, "postMessage">, source: ExportSource) {
  const open = new Map<number, AsyncIterator<unknown>>();
  let closed = false;
  const reply = (m: ToZipWorker) => worker.postMessage(m);
  // copied, not transferred: a read's arrays stay with the keyset read that takes its cursor from them
  const answer = async (id: number, work: () => Promise<unknown>) => {
    try {
      const value = await work();
      reply({ kind: "reply", id, value });
    } catch (err) {
      reply({ kind: "reply", id, error: err instanceof Error ? err.message : String(err) });
    }
  };
  const method = (name: string) => {
    const f = (source as unknown as Record<string, unknown>)[name];
    if (typeof f !== "function") throw new Error(`the export's worker asked for ${name}`);
    return f as (...args: unknown[]) => unknown;
  };
  return {
    handle(m: FromZipWorker): boolean {
      // a worker being terminated may still have asked: a read opened now would never be closed
      if (closed && (m.kind === "call" || m.kind === "next")) return true;
      if (m.kind === "call") {
        void answer(m.id, async () => method(m.method)(...m.args));
        return true;
      }
      if (m.kind !== "next") return false;
      void answer(m.id, async () => {
        let it = open.get(m.stream);
        if (!it) {
          it = (method(m.method)(...m.args) as AsyncIterable<unknown>)[Symbol.asyncIterator]();
          open.set(m.stream, it);
        }
        const r = await it.next();
        if (r.done) open.delete(m.stream);
        return r;
      });
      return true;
    },
    close() {
      closed = true;
      // a read that fails as it closes has nothing left to tell: the export has ended either way
      for (const it of open.values()) it.return?.().catch(() => undefined);
      open.clear();
    },
  };
}

/**
 * The ZIP as a stream. An error while writing it ends the stream with that error (the download is cut off, never
 * a ZIP that looks complete).
 */
export async function personalExportZip(o: ExportOptions): Promise<Readable> {
  const items = await dataItemsOf(o.db, o.profile.uid, o.lang);
  const input: ExportInput = {
    profile: o.profile,
    lang: o.lang,
    now: o.now.toISOString(),
    retention: o.retention,
    items: items.items,
    files: items.files.map((f) => ({ path: f.path, id: f.id })),
    bundleId: randomUUID(),
    deviceId: randomUUID(),
  };
  return zipInWorker(input, databaseSource(o), o.signal, o.onError);
}

/**
 * The ZIP of `input` and `source`, written by a worker thread: the stream ends with an error if the worker fails
 * or a page cannot be read, and the worker ends when the stream is destroyed or `signal` aborts.
 */
export async function zipInWorker(
  input: ExportInput,
  source: ExportSource,
  signal: AbortSignal,
  onError: (err: unknown) => void,
): Promise<Readable> {
  const worker = new Worker(await workerSource(), {
    eval: true,
    workerData: input,
    resourceLimits: ZIP_WORKER_LIMITS,
  });
  const served = serveWorker(worker, source);
  let ended = false;
  let owed = 0;
  const ack = (n: number) => worker.postMessage({ kind: "ack", n } satisfies ToZipWorker);
  const out = new Readable({
    read() {
      if (owed) ack(owed);
      owed = 0;
    },
    destroy(err, cb) {
      ended = true;
      served.close();
      void worker.terminate();
      cb(err);
    },
  });
  const fail = (err: unknown) => {
    if (ended) return;
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  worker.on("message", (m: FromZipWorker) => {
    if (served.handle(m)) return;
    if (m.kind === "chunk") {
      if (out.push(Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength))) ack(1);
      else owed++;
    } else if (m.kind === "end") {
      ended = true;
      out.push(null);
      served.close();
      void worker.terminate();
    } else if (m.kind === "error") fail(new Error(m.message));
  });
  worker.on("error", fail);
  worker.on("exit", (code) => {
    if (!ended && !signal.aborted) fail(new Error(`the export's worker stopped (exit code ${code})`));
  });
  signal.addEventListener("abort", () => out.destroy(), { once: true });
  return out;
}
