import type { Bundle, Observation } from "@medplum/fhirtypes";
import { consentEventSchema, csvLine, looksLikeFormula, message } from "@mimamori/shared";
import { asc, eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dataImages,
  dataItems,
  formAnswers,
  formRecipients,
  forms,
  personalExports,
  sleepSegments,
  sleepSessions,
  users,
  vitalSamples,
} from "../../db/schema";
import { bareList } from "../../db/sql-names";
import { startTestApp, type TestApp } from "../../test/app";
import { packClosedDays, rawRetentionOf } from "../vitals";
import { serveWorker, zipInWorker } from "./export";
import { profileOf, sampleReadsOf } from "./queries";
import { FILES } from "./readme";
import { bundleIssues } from "./test-fhir";
import { type ExportInput, type ExportSource, type FlatSamples, SAMPLE_PAGE } from "./zip-writer";

/**
 * "Export my data" (issue 29 §3), over HTTP on the real app: the ZIP's files, the CSV (BOM, neutralised cells),
 * the FHIR R4 Bundle checked by a real validator (medplum) with the LOINC codes and UCUM units of each measure, one
 * export per person at a time (409), anonymous 401, every role its own data only.
 */
let t: TestApp;
let clientToken: string;
let clientId: string;
let otherId: string;
/** Samples a minute, the last one at HOUR_END (ms): more than a page (SAMPLE_PAGE) of each measure. */
const HOUR_END = Date.UTC(2026, 10, 20, 10, 0);
const MINUTES = SAMPLE_PAGE + 20;

async function insertSamples(userId: string, measure: number, value: (i: number) => number) {
  const values = Array.from({ length: MINUTES }, (_, i) => value(i));
  const v = vitalSamples;
  await t.db.execute(sql`insert into ${v} (${bareList(v.userId, v.measure, v.at, v.value)})
    select ${userId}::uuid, ${measure}::smallint, to_timestamp(${HOUR_END / 1000}::float8 - (60 * (${MINUTES} - i))), v
    from unnest(${`{${values.join(",")}}`}::float8[]) with ordinality as s(v, i)`);
}

beforeAll(async () => {
  t = await startTestApp({ seed: true, demoForms: true, demoDataItems: true });
  const signedIn = await t.signIn("client@example.com");
  clientToken = signedIn.idToken;
  clientId = signedIn.user.uid;
  const [other] = await t.db.select().from(users).where(eq(users.email, "client2@example.com"));
  otherId = other?.id as string;
  // the client: every sampled measure; another client: heart rate with values no one else has
  for (const [measure, base] of [
    [5091, 70],
    [5092, 33.5],
    [5093, 96],
    [5094, 15],
    [5095, 120],
    [5096, 80],
    [5097, 12],
    [5098, 30],
    [5099, 45],
  ] as const)
    await insertSamples(clientId, measure, (i) => base + (i % 3));
  await insertSamples(otherId, 5091, () => 201);
  await t.db.insert(sleepSessions).values({
    userId: clientId,
    startAt: new Date("2026-11-19T14:00:00Z"),
    endAt: new Date("2026-11-19T21:00:00Z"),
    deep: 1.5,
    light: 3.5,
    rem: 1.25,
    awake: 0.75,
  });
  await t.db.insert(sleepSegments).values({
    userId: clientId,
    startAt: new Date("2026-11-19T14:00:00Z"),
    endAt: new Date("2026-11-19T15:30:00Z"),
    stage: "deep",
  });
  // the other client answered the client's form too
  const [form] = await t.db.select().from(forms).where(eq(forms.workspaceName, "sakura")).limit(1);
  const formId = form?.id as number;
  await t.db.insert(formRecipients).values({ formId, sentOrder: 1, userId: otherId, answeredAt: new Date() });
  await t.db
    .insert(formAnswers)
    .values({ formId, sentOrder: 1, userId: otherId, questionId: 1, value: "OTHER PERSON'S ANSWER" });
}, 120_000);
afterAll(() => t.close());

async function download(token: string | undefined, lang: "ja" | "en" = "en") {
  const res = await fetch(`${t.url}/api/user/export`, {
    headers: { "accept-language": lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const text = (files: Record<string, Uint8Array>, name: string) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(files[name]);
const parse = (files: Record<string, Uint8Array>, name: string) => JSON.parse(text(files, name));

let files: Record<string, Uint8Array>;
let headers: Headers;

describe("the ZIP", () => {
  beforeAll(async () => {
    const { res, bytes } = await download(clientToken);
    expect(res.status).toBe(200);
    headers = res.headers;
    files = unzipSync(bytes);
  }, 60_000);

  it("is a named, uncached attachment", () => {
    expect(headers.get("content-type")).toBe("application/zip");
    const today = new Date().toISOString().slice(0, 10).replaceAll("-", "");
    expect(headers.get("content-disposition")).toBe(`attachment; filename="mimamori-export-${today}.zip"`);
    expect(headers.get("cache-control")).toBe("no-store");
  });

  it("holds every file listed in the README, and each data item's file under its shown name", async () => {
    const names = Object.keys(files).sort();
    const itemFiles = names.filter((n) => n.startsWith("data-items/files/"));
    expect(names.filter((n) => !n.startsWith("data-items/files/"))).toEqual(
      [
        "README.txt",
        "access-audit.json",
        "alerts.json",
        "consents.json",
        "data-items.json",
        "form-answers.json",
        "memberships.json",
        "profile.json",
        "vitals/fhir-bundle.json",
        "vitals/retention.json",
        "vitals/samples.csv",
        "vitals/sleep-segments.csv",
      ].sort(),
    );
    const images = await t.db
      .select({ id: dataImages.id, fileName: dataImages.fileName, bytes: dataImages.bytes })
      .from(dataImages)
      .innerJoin(dataItems, eq(dataItems.id, dataImages.itemId))
      .where(eq(dataItems.userId, clientId))
      .orderBy(asc(dataImages.id));
    expect(images.length).toBeGreaterThan(0);
    expect(itemFiles).toEqual(images.map((i) => `data-items/files/${i.id}-${i.fileName}`));
    for (const i of images)
      expect(Buffer.from(files[`data-items/files/${i.id}-${i.fileName}`] as Uint8Array)).toEqual(
        Buffer.from(i.bytes),
      );
    const readme = text(files, FILES.readme);
    for (const name of Object.values(FILES)) expect(readme).toContain(name);
    expect(readme).toContain("データのエクスポート");
    expect(readme).toContain("Export of your data");
  });

  it("profile: the person's fields, never the password hash or token version", () => {
    const profile = parse(files, FILES.profile);
    expect(profile).toMatchObject({ uid: clientId, email: "client@example.com" });
    expect(Object.keys(profile)).not.toContain("password_hash");
    expect(JSON.stringify(profile)).not.toMatch(/password|token/i);
  });

  it("memberships, consents, answers, data items: the person's own", async () => {
    const memberships = parse(files, FILES.memberships);
    expect(memberships).toContainEqual(
      expect.objectContaining({ workspace_name: "sakura", role: "client", status: "accepted" }),
    );
    const consents = parse(files, FILES.consents) as unknown[];
    expect(consents.length).toBeGreaterThan(0);
    for (const c of consents) consentEventSchema.parse(c);
    const answers = parse(files, FILES.answers) as { answers: { value: string | null }[] }[];
    const mine = await t.db.select().from(formAnswers).where(eq(formAnswers.userId, clientId));
    expect(answers.flatMap((a) => a.answers)).toHaveLength(mine.length);
    expect(answers.flatMap((a) => a.answers.map((x) => x.value))).toContain("36.4");
    expect(JSON.stringify(answers)).not.toContain("OTHER PERSON'S ANSWER");
    const items = parse(files, FILES.items) as { files: { file: string }[] }[];
    expect(items.length).toBeGreaterThan(0);
    for (const f of items.flatMap((i) => i.files)) expect(files[f.file]).toBeDefined();
    expect(Array.isArray(parse(files, FILES.alerts))).toBe(true);
    expect(Array.isArray(parse(files, FILES.audit))).toBe(true);
  });

  it("vital data CSV: UTF-8 with BOM, one line a sample, every cell written by the shared neutraliser", () => {
    const csv = text(files, FILES.samplesCsv);
    expect(files[FILES.samplesCsv]?.slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    const lines = csv.slice(1).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("Time (UTC),Report id,Measure,Value,Unit");
    expect(lines).toHaveLength(1 + 9 * MINUTES);
    const first = new Date(HOUR_END - (MINUTES - 1) * 60_000).toISOString();
    expect(`${lines[1]}\r\n`).toBe(csvLine([first, "00005091", "Heart rate", 70, "bpm"]));
    // every minute once, in order, across the pages
    expect(lines.filter((l) => l.includes(",00005091,")).map((l) => l.split(",")[0])).toEqual(
      Array.from({ length: MINUTES }, (_, i) =>
        new Date(HOUR_END - (MINUTES - 1 - i) * 60_000).toISOString(),
      ),
    );
    for (const cell of lines.flatMap((l) => l.split(","))) expect(looksLikeFormula(cell)).toBe(false);
    expect(csv).not.toContain(",201,");
    const sleep = text(files, FILES.sleepCsv);
    expect(sleep).toBe(
      "\uFEFFStart (UTC),End (UTC),Stage\r\n2026-11-19T14:00:00.000Z,2026-11-19T15:30:00.000Z,deep\r\n",
    );
  });

  it("the FHIR R4 Bundle passes the validator, with LOINC and UCUM for each measure", () => {
    const bundle = parse(files, FILES.fhir) as Bundle;
    expect(bundle).toMatchObject({ resourceType: "Bundle", type: "collection" });
    expect(bundleIssues(bundle)).toEqual([]);
    const resources = (bundle.entry ?? []).map((e) => e.resource);
    const patient = bundle.entry?.find((e) => e.resource?.resourceType === "Patient");
    const device = bundle.entry?.find((e) => e.resource?.resourceType === "Device");
    expect(patient?.resource).toMatchObject({ identifier: [{ value: clientId }] });
    const observations = resources.filter((r): r is Observation => r?.resourceType === "Observation");
    // 7 single measures + blood-pressure pairs, a minute each, and one sleep session
    expect(observations).toHaveLength(8 * MINUTES + 1);
    for (const o of observations) {
      expect(o.subject?.reference).toBe(patient?.fullUrl);
      expect(o.device?.reference).toBe(device?.fullUrl);
    }
    const byLoinc = (code: string) =>
      observations.filter((o) =>
        o.code.coding?.some((c) => c.system === "http://loinc.org" && c.code === code),
      );
    const expectMeasure = (code: string, profile: string | null, unit: string, n = MINUTES) => {
      const found = byLoinc(code);
      expect(found, code).toHaveLength(n);
      for (const o of found) {
        expect(o.meta?.profile).toEqual(
          profile ? [`http://hl7.org/fhir/StructureDefinition/${profile}`] : undefined,
        );
        if (o.valueQuantity)
          expect(o.valueQuantity).toMatchObject({ system: "http://unitsofmeasure.org", code: unit });
      }
      return found;
    };
    expect(expectMeasure("8867-4", "heartrate", "/min")[0]?.valueQuantity?.value).toBe(70);
    expectMeasure("9279-1", "resprate", "/min");
    expectMeasure("8310-5", "bodytemp", "Cel");
    expectMeasure("59408-5", "oxygensat", "%");
    expectMeasure("2708-6", "oxygensat", "%");
    expectMeasure("55423-8", null, "{steps}");
    const bp = expectMeasure("85354-9", "bp", "");
    expect(
      bp[0]?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.code, c.valueQuantity?.value]),
    ).toEqual([
      ["8480-6", "mm[Hg]", 120],
      ["8462-4", "mm[Hg]", 80],
    ]);
    const own = observations.filter((o) =>
      o.code.coding?.every((c) => c.system === "https://mimamori.example/fhir/CodeSystem/measure"),
    );
    expect(own.map((o) => o.code.coding?.[0]?.code).sort()).toEqual(
      [...Array(MINUTES).fill("00005098"), ...Array(MINUTES).fill("00005099"), "00005100"].sort(),
    );
    expect(JSON.stringify(bundle)).not.toContain('"value":201');
  }, 180_000);

  it("the validator is really at work: a wrong resource fails it", () => {
    const bundle = parse(files, FILES.fhir) as Bundle;
    const hr = bundle.entry?.find((e) => e.resource?.meta?.profile?.[0]?.endsWith("/heartrate"));
    const broken = structuredClone(hr?.resource as Observation);
    broken.code = { coding: [{ system: "http://loinc.org", code: "1234-5" }] };
    const noSubject = structuredClone(hr?.resource as Observation);
    delete noSubject.subject;
    const wrong: Bundle = {
      ...bundle,
      entry: [...(bundle.entry ?? []), { resource: broken }, { resource: noSubject }],
    };
    const issues = bundleIssues(wrong);
    expect(issues.some((i) => i.includes("HeartRateCode"))).toBe(true);
    expect(issues.some((i) => i.includes("Observation.subject"))).toBe(true);
  }, 60_000);
});

describe("one export per person at a time", () => {
  it("a second export while one runs is 409 in the caller's language; the lease ends with the export", async () => {
    const first = await fetch(`${t.url}/api/user/export`, {
      headers: { authorization: `Bearer ${clientToken}` },
    });
    expect(first.status).toBe(200);
    const second = await t.call("GET", "/user/export", undefined, { token: clientToken, lang: "ja" });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ code: "export-running", detail: message("export-running", "jp") });
    const en = await t.call("GET", "/user/export", undefined, { token: clientToken });
    expect(en.body.detail).toBe(message("export-running", "en"));
    // another person exports meanwhile
    const staff = await t.signIn("staff@example.com");
    expect((await download(staff.idToken)).res.status).toBe(200);
    await first.arrayBuffer();
    await expect.poll(async () => (await download(clientToken)).res.status).toBe(200);
  });

  it("another server's running export (its lease in the table) refuses; an expired lease is taken over", async () => {
    const leases = () => t.db.select().from(personalExports).where(eq(personalExports.userId, clientId));
    // the last export's lease goes when its response has closed
    await expect.poll(async () => (await leases()).length).toBe(0);
    await t.db.insert(personalExports).values({ userId: clientId, expiresAt: new Date(Date.now() + 60_000) });
    expect((await t.call("GET", "/user/export", undefined, { token: clientToken })).status).toBe(409);
    await t.db
      .update(personalExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(personalExports.userId, clientId));
    expect((await download(clientToken)).res.status).toBe(200);
    // released when the response has closed, which the client may see a moment before the server does
    await expect.poll(async () => (await leases()).length).toBe(0);
  });

  it("a download cut off ends the lease", async () => {
    const stop = new AbortController();
    const res = await fetch(`${t.url}/api/user/export`, {
      headers: { authorization: `Bearer ${clientToken}` },
      signal: stop.signal,
    });
    expect(res.status).toBe(200);
    stop.abort();
    await expect
      .poll(
        async () =>
          (await t.db.select().from(personalExports).where(eq(personalExports.userId, clientId))).length,
      )
      .toBe(0);
  });
});

describe("who may export", () => {
  it("anonymous: 401", async () => {
    const res = await t.call("GET", "/user/export");
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthenticated");
  });

  it("staff and admins export their own data, never a member's", async () => {
    for (const email of ["staff@example.com", "admin@example.com"]) {
      const signedIn = await t.signIn(email);
      const { res, bytes } = await download(signedIn.idToken, "ja");
      expect(res.status).toBe(200);
      const zip = unzipSync(bytes);
      expect(parse(zip, FILES.profile)).toMatchObject({ uid: signedIn.user.uid, email });
      expect(text(zip, FILES.samplesCsv)).toBe("\uFEFF時刻（UTC）,レポートID,項目,値,単位\r\n");
      const bundle = parse(zip, FILES.fhir) as Bundle;
      expect(bundle.entry?.map((e) => e.resource?.resourceType)).toEqual(["Patient", "Device"]);
      expect(bundleIssues(bundle)).toEqual([]);
      expect(parse(zip, FILES.answers)).toEqual([]);
    }
  }, 60_000);
});

describe("samples read in pieces", () => {
  it("a measure's samples, hot and packed, come once each and in order, at most the read size a read, whatever that size", async () => {
    // the seeded samples' day is closed and packed; a later sample, written after the pack, stays hot
    expect((await packClosedDays(t.db, Date.now())).samples).toBeGreaterThanOrEqual(MINUTES);
    const late = HOUR_END + 3 * 86_400_000;
    await t.db
      .insert(vitalSamples)
      .values({ userId: clientId, measure: 5091, at: new Date(late), value: 99 });
    const expected = [
      ...Array.from({ length: MINUTES }, (_, i) => ({
        t: HOUR_END - 60_000 * (MINUTES - 1 - i),
        value: 70 + (i % 3),
      })),
      { t: late, value: 99 },
    ];
    for (const readSize of [7, SAMPLE_PAGE, 2 * SAMPLE_PAGE + 1]) {
      const reads: FlatSamples[] = [];
      for await (const read of sampleReadsOf(t.db, clientId, 5091, new AbortController().signal, readSize))
        reads.push(read);
      expect(
        reads.every((r) => r.t.length > 0 && r.t.length <= readSize && r.value.length === r.t.length),
      ).toBe(true);
      // plain arrays: they cross to the export's worker into its heap (zip-writer.ts FlatSamples)
      expect(reads.every((r) => Array.isArray(r.t) && Array.isArray(r.value))).toBe(true);
      expect(reads.flatMap((r) => Array.from(r.t, (at, i) => ({ t: at, value: r.value[i] })))).toEqual(
        expected,
      );
    }
  });
});

describe("the ZIP written in a worker thread", () => {
  async function inputOf(): Promise<ExportInput> {
    const profile = await profileOf(t.db, clientId);
    if (!profile) throw new Error("no profile");
    return {
      profile,
      lang: "en",
      now: "2026-11-29T00:00:00.000Z",
      retention: await rawRetentionOf(t.db, clientId, 90),
      items: [],
      files: [],
      bundleId: "b",
      deviceId: "d",
    };
  }
  const nothing = async function* () {};
  /** A source of heart rate only: `samples` as given, everything else empty. */
  const sourceOf = (samples: () => AsyncIterable<FlatSamples>): ExportSource => ({
    measures: async () => [5091],
    samples,
    sleepSegments: nothing,
    sleepSessions: nothing,
    answers: nothing,
    alerts: nothing,
    audit: nothing,
    memberships: async () => [],
    consents: async () => [],
    file: async () => new Uint8Array(),
  });
  /** A read as the database's come: two plain arrays of numbers. */
  const page = (from: number, n = 2000): FlatSamples => ({
    t: Array.from({ length: n }, (_, i) => HOUR_END + (from + i) * 60_000),
    value: Array.from({ length: n }, (_, i) => 60 + (i % 40)),
  });
  /** Endless pages, counting those asked for and whether the read was closed. */
  function endless() {
    const seen = { pages: 0, closed: false };
    const samples = async function* () {
      try {
        for (;;) yield page(2000 * seen.pages++);
      } finally {
        seen.closed = true;
      }
    };
    return { seen, samples };
  }
  const read = async (zip: NodeJS.ReadableStream) => {
    const parts: Buffer[] = [];
    for await (const part of zip) parts.push(part as Buffer);
    return Buffer.concat(parts);
  };

  it("holds what the source gave, the samples in both the CSV and the Bundle", async () => {
    const zip = await zipInWorker(
      await inputOf(),
      sourceOf(async function* () {
        yield page(0, 150);
        yield page(150, 30);
      }),
      new AbortController().signal,
      () => undefined,
    );
    const unzipped = unzipSync(new Uint8Array(await read(zip)));
    const csv = new TextDecoder().decode(unzipped[FILES.samplesCsv]).trim().split("\r\n");
    expect(csv).toHaveLength(1 + 180);
    expect(csv[1]).toBe(
      csvLine([new Date(HOUR_END).toISOString(), "00005091", "Heart rate", 60, "bpm"]).trim(),
    );
    const bundle = JSON.parse(new TextDecoder().decode(unzipped[FILES.fhir])) as Bundle;
    expect(bundle.id).toBe("b");
    expect(bundle.entry?.filter((e) => e.resource?.resourceType === "Observation")).toHaveLength(180);
  });

  it("pairs systolic and diastolic by time across their reads: a time of one side alone keeps the other absent", async () => {
    const minute = (m: number) => HOUR_END + m * 60_000;
    const readOf = (minutes: number[], base: number): FlatSamples => ({
      t: minutes.map(minute),
      value: minutes.map((m) => base + m),
    });
    const reads: Record<number, FlatSamples[]> = {
      5095: [readOf([1, 2, 4], 120), readOf([6], 120)],
      5096: [readOf([2, 3], 80), readOf([6, 7], 80)],
    };
    const source: ExportSource = {
      ...sourceOf(nothing),
      measures: async () => [5095, 5096],
      samples: async function* (m: number) {
        yield* reads[m] ?? [];
      },
    };
    const zip = await zipInWorker(await inputOf(), source, new AbortController().signal, () => undefined);
    const bundle = JSON.parse(
      new TextDecoder().decode(unzipSync(new Uint8Array(await read(zip)))[FILES.fhir]),
    );
    const panels = (bundle as Bundle).entry
      ?.map((e) => e.resource as Observation)
      .filter((o) => o.resourceType === "Observation" && o.code.coding?.[0]?.code === "85354-9");
    expect(
      panels?.map((o) => [
        o.effectiveDateTime,
        ...(o.component ?? []).map((c) => c.valueQuantity?.value ?? null),
      ]),
    ).toEqual([
      [new Date(minute(1)).toISOString(), 121, null],
      [new Date(minute(2)).toISOString(), 122, 82],
      [new Date(minute(3)).toISOString(), null, 83],
      [new Date(minute(4)).toISOString(), 124, null],
      [new Date(minute(6)).toISOString(), 126, 86],
      [new Date(minute(7)).toISOString(), null, 87],
    ]);
  });

  it("reads paired over half a year of blood pressure leave no memory piling up outside the heap", async () => {
    // typed arrays crossed as memory outside the heaps, kept until a full collection (the server: +15 MB pairing)
    const pairs = 262_800;
    const source: ExportSource = {
      ...sourceOf(nothing),
      measures: async () => [5095, 5096],
      samples: async function* () {
        for (let from = 0; from < pairs; from += 2000) yield page(from, Math.min(2000, pairs - from));
      },
    };
    const before = process.memoryUsage().arrayBuffers;
    let most = before;
    const watch = setInterval(() => {
      most = Math.max(most, process.memoryUsage().arrayBuffers);
    }, 20);
    try {
      const zip = await zipInWorker(await inputOf(), source, new AbortController().signal, () => undefined);
      let bytes = 0;
      for await (const part of zip) bytes += (part as Buffer).length;
      expect(bytes).toBeGreaterThan(1_000_000);
    } finally {
      clearInterval(watch);
    }
    // plain arrays: 0–0.2 MB here; typed arrays 4.8 MB
    expect(most - before).toBeLessThan(2 * 2 ** 20);
  }, 60_000);

  it("a page that cannot be read cuts the ZIP off with that error, told to onError", async () => {
    const errors: unknown[] = [];
    const zip = await zipInWorker(
      await inputOf(),
      sourceOf(async function* () {
        yield page(0);
        throw new Error("the database went away");
      }),
      new AbortController().signal,
      (err) => errors.push(err),
    );
    await expect(read(zip)).rejects.toThrow("the database went away");
    expect(errors).toEqual([new Error("the database went away")]);
  });

  it("stays a few pieces ahead of a download that does not read, and a download cut off closes the read", async () => {
    const { seen, samples } = endless();
    const zip = await zipInWorker(await inputOf(), sourceOf(samples), new AbortController().signal, () => {
      throw new Error("not an error");
    });
    zip.once("readable", () => undefined);
    await new Promise((r) => setTimeout(r, 1500));
    const asked = seen.pages;
    // what is buffered depends on Node's stream defaults (32 pages on Node 20, 85 on the LTS); a ZIP read as it
    // came would have asked for more than 500 in 1.5 s, and would not stop (below)
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThan(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(seen.pages).toBe(asked);
    zip.destroy();
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.closed).toBe(true);
    expect(seen.pages).toBe(asked);
  });

  it("an aborted export (the download's socket closed) ends the worker and closes the read", async () => {
    const { seen, samples } = endless();
    const abort = new AbortController();
    const zip = await zipInWorker(await inputOf(), sourceOf(samples), abort.signal, () => {
      throw new Error("not an error");
    });
    let bytes = 0;
    zip.on("data", (b: Buffer) => {
      bytes += b.length;
      if (bytes > 200_000) abort.abort();
    });
    await new Promise((r) => zip.once("close", r));
    expect(zip.destroyed).toBe(true);
    expect(seen.closed).toBe(true);
    const asked = seen.pages;
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.pages).toBe(asked);
  });

  it("a worker's ask that arrives after the export closed opens no read (a terminated worker's last messages)", async () => {
    const { seen, samples } = endless();
    const replies: unknown[] = [];
    const served = serveWorker({ postMessage: (m: unknown) => replies.push(m) }, sourceOf(samples));
    const next = (id: number, stream: number) =>
      served.handle({ kind: "next", id, stream, method: "samples", args: [5091] });
    expect(next(1, 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.pages).toBe(1);
    served.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.closed).toBe(true);
    expect(next(2, 2)).toBe(true);
    expect(served.handle({ kind: "call", id: 3, method: "measures", args: [] })).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.pages).toBe(1);
    expect(replies).toHaveLength(1);
  });
});
