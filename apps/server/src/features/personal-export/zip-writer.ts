import { type PassThrough, Readable } from "node:stream";
import { csvLine, type Language, type Measure, type MyRawRetention, measureByNumber } from "@mimamori/shared";
import { ZipFile } from "yazl";
import {
  BUNDLE_TAIL,
  bpEntry,
  bundleHead,
  deviceEntry,
  patientEntry,
  type Refs,
  SINGLE_MEASURES,
  type SleepSessionRow,
  sampleEntryWriter,
  sleepEntry,
} from "./fhir";
import type { ExportProfile } from "./queries";
import { FILES, readmeText } from "./readme";

/*
 * The ZIP of everything held about one person (issue 29 §3), written as it is read: yazl takes one entry at a
 * time, and each entry's text comes from an async generator that asks for its next page only when the previous
 * piece was compressed and sent (backpressure through the ZIP to the socket). It reads nothing itself: the pages
 * come from an `ExportSource` — in the export's worker thread (zip-worker.ts), the server's main thread reading the
 * database (export.ts). This module must stay free of the database: it is bundled into the worker.
 */

/**
 * A read's samples as two flat arrays (epoch ms, value), oldest first. Plain arrays of numbers cross to the worker
 * into its own heap, whose small limits collect them soon after use. Typed arrays kept their memory outside the
 * heap, which does not make the worker collect: up to 15 MB of used reads stayed in the process while blood
 * pressure was paired (bench/README.md "Reads as plain arrays").
 */
export interface FlatSamples {
  t: ArrayLike<number>;
  value: ArrayLike<number>;
}

interface BpPair {
  t: number;
  systolic: number | null;
  diastolic: number | null;
}

export interface SleepSegmentRow {
  start: string;
  end: string;
  stage: string;
}

/** Where the export's data come from: each list in pages, each page asked for when the ZIP needs it. */
export interface ExportSource {
  measures(): Promise<number[]>;
  samples(measure: number): AsyncIterable<FlatSamples>;
  sleepSegments(): AsyncIterable<SleepSegmentRow[]>;
  sleepSessions(): AsyncIterable<SleepSessionRow[]>;
  memberships(): Promise<unknown>;
  consents(): Promise<unknown>;
  answers(): AsyncIterable<unknown[]>;
  alerts(): AsyncIterable<unknown[]>;
  audit(): AsyncIterable<unknown[]>;
  file(id: number): Promise<Uint8Array>;
}

/** What the export holds that is known before it starts (all of it plain data: it crosses to the worker). */
export interface ExportInput {
  profile: ExportProfile;
  lang: Language;
  /** ISO time of the export. */
  now: string;
  retention: MyRawRetention;
  /** The data items' JSON and the files to put beside it. */
  items: unknown;
  files: { path: string; id: number }[];
  /** A new id for the Bundle and one for the band's Device. */
  bundleId: string;
  deviceId: string;
}

type Chunks = AsyncIterable<string>;

const BOM = "\uFEFF";
const json = (v: unknown) => JSON.stringify(v, null, 2);

/**
 * Samples per page: a page's rows and text (~35 KB of FHIR) live until it has been compressed and sent. Pages of
 * 1,000 rows lived long enough to survive two young-generation collections, and each went to the old generation as
 * garbage (~7 MB/s): six measures grew the server by 72.5 MB. With 100, a page is gone before the next collection
 * (bench/README.md "Export my data"; docs/decisions.md "Export my data: pages of 100 samples").
 */
export const SAMPLE_PAGE = 100;

async function* once(text: () => Promise<string>): Chunks {
  yield await text();
}

/** A JSON array written page by page. */
async function* jsonArray<T>(pages: AsyncIterable<T[]>): Chunks {
  let first = true;
  yield "[";
  for await (const page of pages) {
    if (!page.length) continue;
    yield (first ? "\n" : ",\n") + page.map((r) => JSON.stringify(r)).join(",\n");
    first = false;
  }
  yield "\n]\n";
}

const isoOf = (ms: number) => new Date(ms).toISOString();

/** Each SAMPLE_PAGE of a read's samples as text, `line(t, value)` a sample's. */
function* samplePages(flat: FlatSamples, line: (iso: string, value: number) => string, join: string) {
  for (let i = 0; i < flat.t.length; i += SAMPLE_PAGE) {
    const end = Math.min(flat.t.length, i + SAMPLE_PAGE);
    const lines: string[] = [];
    for (let k = i; k < end; k++) lines.push(line(isoOf(flat.t[k] as number), flat.value[k] as number));
    yield lines.join(join);
  }
}

const SAMPLE_HEADERS: Record<Language, string[]> = {
  jp: ["時刻（UTC）", "レポートID", "項目", "値", "単位"],
  en: ["Time (UTC)", "Report id", "Measure", "Value", "Unit"],
};
const SLEEP_HEADERS: Record<Language, string[]> = {
  jp: ["開始（UTC）", "終了（UTC）", "段階"],
  en: ["Start (UTC)", "End (UTC)", "Stage"],
};

/** Every sample of every measure, one CSV line each (UTF-8 with BOM, every cell neutralised). */
async function* samplesCsv(source: ExportSource, lang: Language): Chunks {
  yield BOM + csvLine(SAMPLE_HEADERS[lang]);
  for (const n of await source.measures()) {
    const m = measureByNumber(n) as Measure;
    const line = (iso: string, value: number) => csvLine([iso, m.id, m.name[lang], value, m.unit[lang]]);
    for await (const flat of source.samples(n)) yield* samplePages(flat, line, "");
  }
}

async function* sleepCsv(source: ExportSource, lang: Language): Chunks {
  yield BOM + csvLine(SLEEP_HEADERS[lang]);
  for await (const page of source.sleepSegments())
    yield page
      .map((r) => csvLine([new Date(r.start).toISOString(), new Date(r.end).toISOString(), r.stage]))
      .join("");
}

const NO_SAMPLES: FlatSamples = { t: [], value: [] };

/** Systolic and diastolic samples paired by time (each measure read in its own reads, merged here), a page at a time. */
async function* bloodPressurePairs(source: ExportSource): AsyncGenerator<BpPair[]> {
  const sides = [5095, 5096].map((m) => source.samples(m)[Symbol.asyncIterator]());
  const reads = [NO_SAMPLES, NO_SAMPLES];
  const at = [0, 0];
  const done = [false, false];
  const fill = async (i: number) => {
    while (!done[i] && (at[i] as number) >= (reads[i] as FlatSamples).t.length) {
      const next = await (sides[i] as AsyncIterator<FlatSamples>).next();
      if (next.done) done[i] = true;
      else {
        reads[i] = next.value;
        at[i] = 0;
      }
    }
  };
  /** Side i's next sample's time; undefined when it has none in hand. */
  const head = (i: number) => (reads[i] as FlatSamples).t[at[i] as number];
  const take = (i: number) => (reads[i] as FlatSamples).value[(at[i] as number)++] as number;
  for (;;) {
    await Promise.all([fill(0), fill(1)]);
    if (head(0) === undefined && head(1) === undefined) return;
    const out: BpPair[] = [];
    // pair while each side has a sample in hand or has ended: what lies beyond may pair with the next read
    while (out.length < SAMPLE_PAGE) {
      const a = head(0);
      const b = head(1);
      if (
        (a === undefined && !done[0]) ||
        (b === undefined && !done[1]) ||
        (a === undefined && b === undefined)
      )
        break;
      if (b === undefined || (a !== undefined && a < b))
        out.push({ t: a as number, systolic: take(0), diastolic: null });
      else if (a === undefined || b < a) out.push({ t: b, systolic: null, diastolic: take(1) });
      else out.push({ t: a, systolic: take(0), diastolic: take(1) });
    }
    if (out.length) yield out;
  }
}

/**
 * The FHIR R4 Bundle: Patient, Device, then an Observation per sample of each measure (per blood-pressure pair,
 * per sleep session), written entry by entry.
 */
async function* fhirBundle(source: ExportSource, input: ExportInput): Chunks {
  const { profile } = input;
  const refs: Refs = { patient: `urn:uuid:${profile.uid}`, device: `urn:uuid:${input.deviceId}` };
  yield bundleHead(input.bundleId, input.now);
  yield `\n${patientEntry(
    {
      uid: profile.uid,
      name: profile.name,
      email: profile.email,
      language: profile.language,
      firstName: profile.first_name,
      lastName: profile.last_name,
      phoneNumber1: profile.phone_number1,
      phoneNumber2: profile.phone_number2,
      address: profile.address,
    },
    refs,
  )}`;
  yield `,\n${deviceEntry(refs)}`;
  const present = new Set(await source.measures());
  for (const m of SINGLE_MEASURES) {
    if (!present.has(m.measure)) continue;
    const entry = sampleEntryWriter(m, refs);
    for await (const flat of source.samples(m.measure))
      for (const text of samplePages(flat, entry, ",\n")) yield `,\n${text}`;
  }
  if (present.has(5095) || present.has(5096))
    for await (const page of bloodPressurePairs(source))
      yield `,\n${page.map((p) => bpEntry(isoOf(p.t), p.systolic, p.diastolic, refs)).join(",\n")}`;
  for await (const page of source.sleepSessions())
    yield `,\n${page
      .map((s) =>
        sleepEntry(
          { ...s, start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString() },
          refs,
        ),
      )
      .join(",\n")}`;
  yield `\n${BUNDLE_TAIL}\n`;
}

/**
 * The ZIP as a stream. The entries' texts are produced only when yazl reaches them; an error in one of them
 * ends the stream with that error (the download is cut off, never a ZIP that looks complete).
 */
export function writeExportZip(input: ExportInput, source: ExportSource): Readable {
  const zip = new ZipFile();
  // yazl's output is a PassThrough (its types say only NodeJS.ReadableStream)
  const out = zip.outputStream as PassThrough;
  const fail = (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err)));
  zip.on("error", fail);
  const mtime = new Date(input.now);
  const add = (name: string, chunks: () => Chunks) =>
    zip.addReadStreamLazy(name, { mtime }, (cb) => {
      const stream = Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
      stream.on("error", fail);
      cb(null, stream);
    });

  zip.addBuffer(Buffer.from(readmeText(input.now, input.retention), "utf8"), FILES.readme, { mtime });
  zip.addBuffer(Buffer.from(json(input.profile), "utf8"), FILES.profile, { mtime });
  add(FILES.memberships, () => once(async () => json(await source.memberships())));
  add(FILES.consents, () => once(async () => json(await source.consents())));
  add(FILES.answers, () => jsonArray(source.answers()));
  zip.addBuffer(Buffer.from(json(input.items), "utf8"), FILES.items, { mtime });
  for (const f of input.files)
    zip.addReadStreamLazy(f.path, { mtime, compress: false }, (cb) => {
      source.file(f.id).then(
        (bytes) => cb(null, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)])),
        (err: Error) => cb(err, Readable.from([])),
      );
    });
  add(FILES.alerts, () => jsonArray(source.alerts()));
  add(FILES.audit, () => jsonArray(source.audit()));
  add(FILES.samplesCsv, () => samplesCsv(source, input.lang));
  add(FILES.sleepCsv, () => sleepCsv(source, input.lang));
  add(FILES.fhir, () => fhirBundle(source, input));
  zip.addBuffer(Buffer.from(json(input.retention), "utf8"), FILES.retention, { mtime });
  zip.end();
  return out;
}

/** The methods of ExportSource that answer pages (the others answer once). */
export const PAGED_METHODS = [
  "samples",
  "sleepSegments",
  "sleepSessions",
  "answers",
  "alerts",
  "audit",
] as const satisfies readonly (keyof ExportSource)[];
export type PagedMethod = (typeof PAGED_METHODS)[number];
export type OnceMethod = Exclude<keyof ExportSource, PagedMethod>;

/** What the worker sends the main thread. */
export type FromZipWorker =
  /** A once-method's call (`id` names the reply). */
  | { kind: "call"; id: number; method: OnceMethod; args: unknown[] }
  /** The next page of the stream `stream` (opened by its first `next`). */
  | { kind: "next"; id: number; stream: number; method: PagedMethod; args: unknown[] }
  /** A piece of the ZIP; the worker sends at most ZIP_CHUNKS_IN_FLIGHT before an `ack`. */
  | { kind: "chunk"; data: Uint8Array }
  | { kind: "end" }
  | { kind: "error"; message: string };

/** What the main thread sends the worker. */
export type ToZipWorker =
  | { kind: "reply"; id: number; value?: unknown; error?: string }
  /** `n` more pieces of the ZIP were taken by the download. */
  | { kind: "ack"; n: number };

/** Pieces of the ZIP (zlib's 16 KB each at most) sent ahead of the download. */
export const ZIP_CHUNKS_IN_FLIGHT = 8;
