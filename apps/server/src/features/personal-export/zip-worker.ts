import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import {
  type ExportInput,
  type ExportSource,
  type FromZipWorker,
  type OnceMethod,
  type PagedMethod,
  type ToZipWorker,
  writeExportZip,
  ZIP_CHUNKS_IN_FLIGHT,
} from "./zip-writer";

/*
 * The export's worker thread (export.ts starts it with the bundle of this file): it writes the text and compresses
 * the ZIP on a heap of its own, asking the main thread for each page of data and handing back each piece of the
 * ZIP. The text of a year of samples is gigabytes of short-lived strings and buffers; in the server's own heap that
 * garbage piled up to its next full collection (docs/decisions.md "The export's text in a worker").
 */

/** The data, asked of the main thread page by page. */
function remoteSource(port: MessagePort): ExportSource {
  let nextId = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  port.on("message", (m: ToZipWorker) => {
    if (m.kind !== "reply") return;
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error !== undefined) w?.reject(new Error(m.error));
    else w?.resolve(m.value);
  });
  const ask = (m: FromZipWorker & { id: number }) =>
    new Promise<unknown>((resolve, reject) => {
      waiting.set(m.id, { resolve, reject });
      port.postMessage(m);
    });
  const once =
    (method: OnceMethod) =>
    (...args: unknown[]) =>
      ask({ kind: "call", id: nextId++, method, args });
  const paged =
    (method: PagedMethod) =>
    (...args: unknown[]): AsyncIterable<unknown> => ({
      async *[Symbol.asyncIterator]() {
        const stream = nextId++;
        for (;;) {
          const r = (await ask({
            kind: "next",
            id: nextId++,
            stream,
            method,
            args,
          })) as IteratorResult<unknown>;
          if (r.done) return;
          yield r.value;
        }
      },
    });
  return {
    measures: once("measures"),
    memberships: once("memberships"),
    consents: once("consents"),
    file: once("file"),
    samples: paged("samples"),
    sleepSegments: paged("sleepSegments"),
    sleepSessions: paged("sleepSessions"),
    answers: paged("answers"),
    alerts: paged("alerts"),
    audit: paged("audit"),
  } as ExportSource;
}

/** Writes the ZIP and hands it over piece by piece, never more than ZIP_CHUNKS_IN_FLIGHT ahead of the download. */
function run(port: MessagePort, input: ExportInput): void {
  const post = (m: FromZipWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
  const zip = writeExportZip(input, remoteSource(port));
  let inFlight = 0;
  port.on("message", (m: ToZipWorker) => {
    if (m.kind !== "ack") return;
    inFlight -= m.n;
    if (inFlight < ZIP_CHUNKS_IN_FLIGHT) zip.resume();
  });
  zip.on("data", (chunk: Buffer) => {
    // a copy of its own: a chunk may be a slice of a larger buffer, which a transfer would take whole
    const data = new Uint8Array(chunk);
    post({ kind: "chunk", data }, [data.buffer]);
    if (++inFlight >= ZIP_CHUNKS_IN_FLIGHT) zip.pause();
  });
  zip.on("end", () => post({ kind: "end" }));
  zip.on("error", (err) => post({ kind: "error", message: err.message }));
}

if (parentPort) run(parentPort, workerData as ExportInput);
