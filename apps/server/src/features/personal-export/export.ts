import { randomUUID } from "node:crypto";
import { type PassThrough, Readable } from "node:stream";
import { csvLine, type Language, type Measure, type MyRawRetention, measureByNumber } from "@mimamori/shared";
import { ZipFile } from "yazl";
import type { Db } from "../../db/client";
import { consentHistory } from "../consents";
import {
  BUNDLE_TAIL,
  bpEntry,
  bundleHead,
  deviceEntry,
  patientEntry,
  type Refs,
  SINGLE_MEASURES,
  sampleEntryWriter,
  sleepEntry,
} from "./fhir";
import {
  alertsOf,
  auditOf,
  bloodPressureOf,
  dataItemsOf,
  type ExportProfile,
  fileBytes,
  formAnswersOf,
  measuresWithSamples,
  membershipsOf,
  samplesOf,
  sleepSegmentsOf,
  sleepSessionsOf,
} from "./queries";
import { FILES, readmeText } from "./readme";

/*
 * The ZIP of everything held about one person (issue 29 §3), written as it is read: yazl takes one entry at a
 * time, and each entry's text comes from an async generator that runs its next query only when the previous
 * piece was compressed and sent (backpressure through the ZIP to the socket).
 */

type Chunks = AsyncIterable<string>;

const BOM = "\uFEFF";
const json = (v: unknown) => JSON.stringify(v, null, 2);

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

const SAMPLE_HEADERS: Record<Language, string[]> = {
  jp: ["時刻（UTC）", "レポートID", "項目", "値", "単位"],
  en: ["Time (UTC)", "Report id", "Measure", "Value", "Unit"],
};
const SLEEP_HEADERS: Record<Language, string[]> = {
  jp: ["開始（UTC）", "終了（UTC）", "段階"],
  en: ["Start (UTC)", "End (UTC)", "Stage"],
};

/** Every sample of every measure, one CSV line each (UTF-8 with BOM, every cell neutralised). */
async function* samplesCsv(db: Db, userId: string, lang: Language, signal: AbortSignal): Chunks {
  yield BOM + csvLine(SAMPLE_HEADERS[lang]);
  for (const n of await measuresWithSamples(db, userId)) {
    const m = measureByNumber(n) as Measure;
    for await (const page of samplesOf(db, userId, n, signal))
      yield page.map((r) => csvLine([isoOf(r.t), m.id, m.name[lang], r.value, m.unit[lang]])).join("");
  }
}

async function* sleepCsv(db: Db, userId: string, lang: Language, signal: AbortSignal): Chunks {
  yield BOM + csvLine(SLEEP_HEADERS[lang]);
  for await (const page of sleepSegmentsOf(db, userId, signal))
    yield page
      .map((r) => csvLine([new Date(r.start).toISOString(), new Date(r.end).toISOString(), r.stage]))
      .join("");
}

/**
 * The FHIR R4 Bundle: Patient, Device, then an Observation per sample of each measure (per blood-pressure pair,
 * per sleep session), written entry by entry.
 */
async function* fhirBundle(db: Db, profile: ExportProfile, signal: AbortSignal): Chunks {
  const refs: Refs = { patient: `urn:uuid:${profile.uid}`, device: `urn:uuid:${randomUUID()}` };
  yield bundleHead(randomUUID(), new Date().toISOString());
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
  const present = new Set(await measuresWithSamples(db, profile.uid));
  for (const m of SINGLE_MEASURES) {
    if (!present.has(m.measure)) continue;
    const entry = sampleEntryWriter(m, refs);
    for await (const page of samplesOf(db, profile.uid, m.measure, signal))
      yield `,\n${page.map((r) => entry(isoOf(r.t), r.value)).join(",\n")}`;
  }
  if (present.has(5095) || present.has(5096))
    for await (const page of bloodPressureOf(db, profile.uid, signal))
      yield `,\n${page.map((p) => bpEntry(isoOf(p.t), p.systolic, p.diastolic, refs)).join(",\n")}`;
  for await (const page of sleepSessionsOf(db, profile.uid, signal))
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
 * The ZIP as a stream. The entries' texts are produced only when yazl reaches them; an error in one of them
 * ends the ZIP stream with that error (the download is cut off, never a ZIP that looks complete).
 */
export async function personalExportZip(o: ExportOptions): Promise<Readable> {
  const { db, profile, lang, signal } = o;
  const userId = profile.uid;
  const zip = new ZipFile();
  // yazl's output is a PassThrough (its types say only NodeJS.ReadableStream)
  const out = zip.outputStream as PassThrough;
  const fail = (err: unknown) => {
    o.onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  zip.on("error", fail);
  const mtime = o.now;
  const add = (name: string, chunks: () => Chunks) =>
    zip.addReadStreamLazy(name, { mtime }, (cb) => {
      const stream = Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
      stream.on("error", fail);
      cb(null, stream);
    });

  zip.addBuffer(Buffer.from(readmeText(o.now.toISOString(), o.retention), "utf8"), FILES.readme, { mtime });
  zip.addBuffer(Buffer.from(json(profile), "utf8"), FILES.profile, { mtime });
  add(FILES.memberships, () => once(async () => json(await membershipsOf(db, userId))));
  add(FILES.consents, () => once(async () => json(await consentHistory(db, userId, lang))));
  add(FILES.answers, () => jsonArray(formAnswersOf(db, userId, signal)));
  const items = await dataItemsOf(db, userId, lang);
  zip.addBuffer(Buffer.from(json(items.items), "utf8"), FILES.items, { mtime });
  for (const f of items.files)
    zip.addReadStreamLazy(f.path, { mtime, compress: false }, (cb) => {
      fileBytes(db, userId, f.id).then(
        (bytes) => cb(null, Readable.from([bytes])),
        (err: Error) => cb(err, Readable.from([])),
      );
    });
  add(FILES.alerts, () => jsonArray(alertsOf(db, userId, signal)));
  add(FILES.audit, () => jsonArray(auditOf(db, userId, signal)));
  add(FILES.samplesCsv, () => samplesCsv(db, userId, lang, signal));
  add(FILES.sleepCsv, () => sleepCsv(db, userId, lang, signal));
  add(FILES.fhir, () => fhirBundle(db, profile, signal));
  zip.addBuffer(Buffer.from(json(o.retention), "utf8"), FILES.retention, { mtime });
  zip.end();
  return out;
}
