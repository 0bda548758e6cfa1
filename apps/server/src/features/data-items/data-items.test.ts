import { DATA_LIMITS, MESSAGES, SEEDED_DATA_TYPE_KEYS } from "@mimamori/shared";
import { and, count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dataAnswers,
  dataImages,
  dataItems,
  dataItemTypes,
  dataShares,
  dataViews,
  memberships,
  users,
} from "../../db/schema";
import { hashPassword } from "../../lib/crypto";
import { startTestApp, type TestApp } from "../../test/app";
import { type Role, roleTokens } from "../../test/roles";
import {
  bombPng,
  hasGpsPointer,
  largePng,
  minimalPdf,
  oversized,
  photoWithGps,
  script,
  sidewaysPhoto,
  smallPng,
  smallWebp,
  truncatedJpeg,
} from "./test-files";

/*
 * Personal data items (issue 12) over HTTP on a fresh database: the catalogue, a member's items, answers, images,
 * consented sharing, what staff read and the member's history of it, and who may call what.
 */

let t: TestApp;
let tok: Record<Role | "client2" | "member" | "leaver", string | undefined>;
const ids: Record<string, string> = {};

/** A verified account, an accepted client member of `workspaces`. */
async function newMember(email: string, name: string, workspaces: string[]) {
  const [u] = await t.db
    .insert(users)
    .values({
      email,
      name,
      passwordHash: await hashPassword("mimamori-demo"),
      emailVerifiedAt: new Date(),
      language: "en",
    })
    .returning();
  if (!u) throw new Error("no user");
  if (workspaces.length)
    await t.db.insert(memberships).values(
      workspaces.map((w) => ({
        workspaceName: w,
        userId: u.id,
        role: "client" as const,
        status: "accepted" as const,
        acceptedAt: new Date(Date.now() - 86_400_000),
      })),
    );
  return u.id;
}

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  const roles = await roleTokens(t);
  ids.member = await newMember("member@example.com", "Member English", ["sakura"]);
  ids.leaver = await newMember("leaver@example.com", "Leaver", ["sakura"]);
  tok = {
    ...roles,
    client2: (await t.signIn("client2@example.com")).idToken,
    member: (await t.signIn("member@example.com")).idToken,
    leaver: (await t.signIn("leaver@example.com")).idToken,
  };
  for (const email of [
    "client@example.com",
    "client2@example.com",
    "staff@example.com",
    "client3@example.com",
  ]) {
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    ids[email.split("@")[0] as string] = u?.id as string;
  }
});
afterAll(() => t.close());

const as = (who: keyof typeof tok, lang: "en" | "ja" = "en") => ({ token: tok[who], lang });

/** The member's item of a catalogue type (their list is read first, which creates it). */
async function itemOf(who: keyof typeof tok, key: string) {
  const res = await t.call("GET", "/user/data", undefined, as(who));
  expect(res.status).toBe(200);
  const item = (res.body.data as { id: number; key: string }[]).find((i) => i.key === key);
  if (!item) throw new Error(`no ${key} item`);
  return item.id;
}

async function questionOf(who: keyof typeof tok, itemId: number): Promise<number> {
  const res = await t.call("GET", `/user/data/${itemId}/detail`, undefined, as(who));
  return res.body.question.id;
}

/** POSTs a multipart upload (field `image` unless told). */
async function upload(
  path: string,
  who: keyof typeof tok,
  bytes: Buffer,
  name: string,
  o: { field?: string; lang?: "en" | "ja"; type?: string } = {},
) {
  const form = new FormData();
  form.append(o.field ?? "image", new Blob([new Uint8Array(bytes)], { type: o.type ?? "image/jpeg" }), name);
  const res = await fetch(`${t.url}/api${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${tok[who]}`, "accept-language": o.lang ?? "en" },
    body: form,
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

const imageCount = async (itemId: number) =>
  (await t.db.select({ n: count() }).from(dataImages).where(eq(dataImages.itemId, itemId)))[0]?.n;

// ---------------------------------------------------------------------------------------------------------------

describe("the catalogue (DATA-11, DATA-15)", () => {
  it("holds the spec's five item types on a fresh database, the form items with their question in jp and en", async () => {
    const res = await t.call("GET", "/admin/data-types", undefined, as("admin"));
    expect(res.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the catalogue is inspected field by field
    const byKey: Record<string, any> = Object.fromEntries(
      (res.body as { key: string }[]).map((x) => [x.key, x]),
    );
    expect(Object.keys(byKey).sort()).toEqual([...SEEDED_DATA_TYPE_KEYS].sort());
    expect(byKey.covid19_pcr_test).toMatchObject({
      data_type: "image",
      question: null,
      name_en: "COVID-19 PCR test result",
    });
    expect(byKey.covid19_vaccine).toMatchObject({ data_type: "image", question: null });
    expect(byKey.form_data_10).toMatchObject({
      data_type: "form_data",
      name_en: "Allergies and chronic conditions",
      name_jp: "アレルギー・持病",
      question: { question_type: 1, options: [] },
    });
    expect(byKey.mobile_0509).toMatchObject({
      data_type: "form_data",
      name_en: "Mobile phone number",
      question: { question_type: 1 },
    });
    expect(byKey.user_info).toMatchObject({
      data_type: "form_data",
      name_en: "Emergency contact",
      question: { question_type: 1 },
    });
    for (const key of ["form_data_10", "mobile_0509", "user_info"]) {
      expect(byKey[key].question.text_jp).toMatch(/\S/);
      expect(byKey[key].question.text_en).toMatch(/\S/);
    }
  });
});

describe("a member's items (DATA-01, DATA-02, DATA-03; API-11, API-12)", () => {
  it("GET /user/data creates one item per catalogue type once, named in the caller's language", async () => {
    const first = await t.call("GET", "/user/data", undefined, as("member"));
    expect(first.status).toBe(200);
    expect(first.body.data.map((i: { key: string }) => i.key)).toEqual([...SEEDED_DATA_TYPE_KEYS]);
    expect(first.body.data[0]).toEqual({
      id: expect.any(Number),
      key: "covid19_pcr_test",
      name: "COVID-19 PCR test result",
      description: "A photo or PDF of your PCR test result.",
      data_type: "image",
      last_updated: null,
    });
    const again = await t.call("GET", "/user/data", undefined, as("member", "ja"));
    expect(again.body.data.map((i: { id: number }) => i.id)).toEqual(
      first.body.data.map((i: { id: number }) => i.id),
    );
    expect(again.body.data[0].name).toBe("新型コロナウイルス PCR検査結果");
    const [held] = await t.db
      .select({ n: count() })
      .from(dataItems)
      .where(eq(dataItems.userId, ids.member as string));
    expect(held?.n).toBe(SEEDED_DATA_TYPE_KEYS.length);
  });

  it("GET /user/data/{id}/detail answers the item's fields: question, answers, images, shared entities", async () => {
    const id = await itemOf("member", "mobile_0509");
    const res = await t.call("GET", `/user/data/${id}/detail`, undefined, as("member"));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      key: "mobile_0509",
      name: "Mobile phone number",
      description: "The mobile phone number you can be reached on.",
      data_type: "form_data",
      last_updated: null,
      question: {
        id: expect.any(Number),
        text: "Enter your mobile phone number.",
        question_type: 1,
        options: [],
      },
      answers: [],
      images: [],
      shared_entities: [],
    });
  });

  it("another member's item is 404 data-not-found on every member call, as if it did not exist", async () => {
    const id = await itemOf("member", "covid19_vaccine");
    const calls: [string, string][] = [
      ["GET", `/user/data/${id}/detail`],
      ["GET", `/user/data/${id}/entities`],
      ["POST", `/user/data/${id}/entities/sakura`],
      ["DELETE", `/user/data/${id}/entities/sakura`],
      ["GET", `/user/data/${id}/views`],
      ["GET", `/user/data/${id}/images/1`],
      ["DELETE", `/user/data/${id}/images/1`],
      ["DELETE", `/user/data/${id}/answers/1`],
    ];
    for (const [method, path] of calls) {
      const res = await t.call(method, path, undefined, as("client"));
      expect([method, path, res.status, res.body.code]).toEqual([method, path, 404, "data-not-found"]);
    }
    const up = await upload(`/user/data/${id}/images`, "client", await smallPng(), "a.png");
    expect([up.status, up.body.code]).toEqual([404, "data-not-found"]);
    expect(await imageCount(id)).toBe(0);
    const missing = await t.call("GET", "/user/data/99999999/detail", undefined, as("client"));
    expect([missing.status, missing.body.code]).toEqual([404, "data-not-found"]);
  });
});

describe("answers (DATA-04; API-16)", () => {
  it("POST /user/questions/{questionId}/answer stores the answer on the member's item and lists it", async () => {
    const id = await itemOf("member", "mobile_0509");
    const q = await questionOf("member", id);
    const res = await t.call(
      "POST",
      `/user/questions/${q}/answer`,
      { value: " 090-1111-2222 " },
      as("member"),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      value: "090-1111-2222",
      answer_options: [],
      created_at: expect.any(String),
    });
    const detail = await t.call("GET", `/user/data/${id}/detail`, undefined, as("member"));
    expect(detail.body.answers.map((a: { value: string }) => a.value)).toEqual(["090-1111-2222"]);
    expect(detail.body.last_updated).not.toBeNull();
  });

  it("answering before the list was ever read creates the item", async () => {
    const fresh = await newMember("fresh@example.com", "Fresh", []);
    const token = (await t.signIn("fresh@example.com")).idToken;
    const [q] = await t
      .call("GET", "/admin/data-types", undefined, as("admin"))
      .then((r) =>
        (r.body as { key: string; question: { id: number } }[])
          .filter((x) => x.key === "user_info")
          .map((x) => x.question.id),
      );
    const res = await t.call(
      "POST",
      `/user/questions/${q}/answer`,
      { value: "Yamada Hanako 090-1234-5678" },
      { token },
    );
    expect(res.status).toBe(201);
    const [held] = await t.db.select({ n: count() }).from(dataItems).where(eq(dataItems.userId, fresh));
    expect(held?.n).toBe(1);
  });

  it("refuses an empty answer, an unknown question and a too long value, storing nothing", async () => {
    const id = await itemOf("member", "form_data_10");
    const q = await questionOf("member", id);
    const empty = await t.call("POST", `/user/questions/${q}/answer`, { value: "   " }, as("member"));
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ code: "required", field: "value", detail: MESSAGES.required.en });
    const unknown = await t.call("POST", "/user/questions/99999999/answer", { value: "x" }, as("member"));
    expect([unknown.status, unknown.body.code]).toEqual([404, "question-not-found"]);
    const long = await t.call(
      "POST",
      `/user/questions/${q}/answer`,
      { value: "x".repeat(DATA_LIMITS.answerTextMax + 1) },
      as("member"),
    );
    expect([long.status, long.body.code]).toEqual([400, "too-long"]);
    const ok = await t.call(
      "POST",
      `/user/questions/${q}/answer`,
      { value: "x".repeat(DATA_LIMITS.answerTextMax) },
      as("member"),
    );
    expect(ok.status).toBe(201);
    const [held] = await t.db.select({ n: count() }).from(dataAnswers).where(eq(dataAnswers.itemId, id));
    expect(held?.n).toBe(1);
  });

  it("checks an answer against its question's type (number, date, single choice) with the questionnaire rules", async () => {
    const number = await t.call(
      "POST",
      "/admin/data-types",
      {
        key: "body_weight",
        data_type: "form_data",
        name_jp: "体重",
        name_en: "Body weight",
        question: { text_jp: "体重（kg）", text_en: "Weight (kg)", question_type: 2 },
      },
      as("admin"),
    );
    expect(number.status).toBe(201);
    const choice = await t.call(
      "POST",
      "/admin/data-types",
      {
        key: "blood_type",
        data_type: "form_data",
        name_jp: "血液型",
        name_en: "Blood type",
        question: {
          text_jp: "血液型",
          text_en: "Blood type",
          question_type: 3,
          options: [
            { text_jp: "A型", text_en: "A" },
            { text_jp: "B型", text_en: "B" },
          ],
        },
      },
      as("admin"),
    );
    expect(choice.status).toBe(201);
    const nq = number.body.question.id;
    const cq = choice.body.question.id;
    const notNumber = await t.call("POST", `/user/questions/${nq}/answer`, { value: "heavy" }, as("member"));
    expect(notNumber.body).toEqual({
      code: "answer-not-number",
      field: "value",
      detail: MESSAGES["answer-not-number"].en,
    });
    expect(notNumber.status).toBe(400);
    expect(
      (await t.call("POST", `/user/questions/${nq}/answer`, { value: "61.5" }, as("member"))).status,
    ).toBe(201);
    const two = await t.call(
      "POST",
      `/user/questions/${cq}/answer`,
      { answer_options: [1, 2] },
      as("member"),
    );
    expect([two.status, two.body.code, two.body.field]).toEqual([
      400,
      "answer-single-choice",
      "answer_options",
    ]);
    const outside = await t.call(
      "POST",
      `/user/questions/${cq}/answer`,
      { answer_options: [9] },
      as("member"),
    );
    expect([outside.status, outside.body.code]).toEqual([400, "answer-option-out-of-range"]);
    const none = await t.call("POST", `/user/questions/${cq}/answer`, { answer_options: [] }, as("member"));
    expect([none.status, none.body.code, none.body.field]).toEqual([400, "required", "answer_options"]);
    const b = await t.call(
      "POST",
      `/user/questions/${cq}/answer`,
      { answer_options: [2] },
      as("member", "ja"),
    );
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({ value: "B型", answer_options: [2] });
  });

  it("DELETE /user/data/{id}/answers/{answerId} removes the member's answer; a second time is 404", async () => {
    const id = await itemOf("member", "mobile_0509");
    const q = await questionOf("member", id);
    const a = await t.call("POST", `/user/questions/${q}/answer`, { value: "080-0000-0000" }, as("member"));
    const del = await t.call("DELETE", `/user/data/${id}/answers/${a.body.id}`, undefined, as("member"));
    expect(del.status).toBe(204);
    const again = await t.call("DELETE", `/user/data/${id}/answers/${a.body.id}`, undefined, as("member"));
    expect([again.status, again.body.code]).toEqual([404, "answer-not-found"]);
    // an answer of another item of the same member is not this item's
    const other = await itemOf("member", "form_data_10");
    const [kept] = await t.db.select().from(dataAnswers).where(eq(dataAnswers.itemId, other));
    const wrong = await t.call("DELETE", `/user/data/${id}/answers/${kept?.id}`, undefined, as("member"));
    expect([wrong.status, wrong.body.code]).toEqual([404, "answer-not-found"]);
  });

  it(`keeps at most ${DATA_LIMITS.answersPerItemMax} answers per item (409 too-many-answers)`, async () => {
    const id = await itemOf("leaver", "form_data_10");
    const q = await questionOf("leaver", id);
    await t.db
      .insert(dataAnswers)
      .values(
        Array.from({ length: DATA_LIMITS.answersPerItemMax - 1 }, (_, i) => ({ itemId: id, value: `a${i}` })),
      );
    expect(
      (await t.call("POST", `/user/questions/${q}/answer`, { value: "last" }, as("leaver"))).status,
    ).toBe(201);
    const over = await t.call("POST", `/user/questions/${q}/answer`, { value: "one more" }, as("leaver"));
    expect(over.status).toBe(409);
    expect(over.body).toEqual({
      code: "too-many-answers",
      detail: "An item can hold at most 100 answers. Delete one first.",
    });
    const [held] = await t.db.select({ n: count() }).from(dataAnswers).where(eq(dataAnswers.itemId, id));
    expect(held?.n).toBe(DATA_LIMITS.answersPerItemMax);
    await t.db.delete(dataAnswers).where(eq(dataAnswers.itemId, id));
  });
});

describe("images (DATA-05, DATA-06; API-17, API-18; issue §4)", () => {
  it("a JPEG with GPS EXIF comes back re-encoded without any EXIF, at most 2048 px, with a 256 px JPEG thumbnail", async () => {
    const photo = await photoWithGps();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(hasGpsPointer(before.exif as Buffer)).toBe(true);
    expect(before.exif?.includes("MimamoriCam")).toBe(true);

    const id = await itemOf("member", "covid19_vaccine");
    const up = await upload(`/user/data/${id}/images`, "member", photo, "IMG_0001.JPG");
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({
      content_type: "image/jpeg",
      file_name: "IMG_0001.jpg",
      width: DATA_LIMITS.imageSideMax,
      height: 1365,
      added_by: "member",
    });
    const thumb = await sharp(Buffer.from(up.body.thumbnail, "base64")).metadata();
    expect([thumb.format, Math.max(thumb.width ?? 0, thumb.height ?? 0)]).toEqual([
      "jpeg",
      DATA_LIMITS.thumbnailSide,
    ]);

    const got = await t.call("GET", `/user/data/${id}/images/${up.body.id}`, undefined, as("member"));
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: up.body.id, content_type: "image/jpeg", file_name: "IMG_0001.jpg" });
    const stored = Buffer.from(got.body.base64_image, "base64");
    expect(stored.length).toBe(up.body.size);
    const after = await sharp(stored).metadata();
    expect([after.format, after.width, after.height]).toEqual(["jpeg", 2048, 1365]);
    expect(after.exif).toBeUndefined();
    expect(stored.includes("MimamoriCam")).toBe(false);
  });

  it("turns a sideways phone photo upright (EXIF orientation) before dropping the metadata", async () => {
    const id = await itemOf("member", "covid19_pcr_test");
    const up = await upload(`/user/data/${id}/images`, "member", await sidewaysPhoto(), "portrait.jpg");
    expect(up.status).toBe(201);
    expect([up.body.width, up.body.height]).toEqual([200, 300]);
    const got = await t.call("GET", `/user/data/${id}/images/${up.body.id}`, undefined, as("member"));
    const meta = await sharp(Buffer.from(got.body.base64_image, "base64")).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([200, 300, undefined]);
  });

  it("stores a PNG and a WebP as such, and a PDF as uploaded without a thumbnail", async () => {
    const id = await itemOf("member", "covid19_pcr_test");
    const png = await upload(`/user/data/${id}/images`, "member", await smallPng(), "scan.png", {
      type: "image/png",
    });
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({
      content_type: "image/png",
      width: 640,
      height: 480,
      file_name: "scan.png",
    });
    const webp = await upload(`/user/data/${id}/images`, "member", await smallWebp(), "photo.webp", {
      type: "image/webp",
    });
    expect(webp.body).toMatchObject({ content_type: "image/webp", width: 400, height: 300 });
    const pdfBytes = minimalPdf();
    const pdf = await upload(`/user/data/${id}/images`, "member", pdfBytes, "result.pdf", {
      type: "application/pdf",
    });
    expect(pdf.status).toBe(201);
    expect(pdf.body).toMatchObject({
      content_type: "application/pdf",
      file_name: "result.pdf",
      size: pdfBytes.length,
      width: null,
      height: null,
      thumbnail: null,
    });
    const got = await t.call("GET", `/user/data/${id}/images/${pdf.body.id}`, undefined, as("member"));
    expect(Buffer.from(got.body.base64_image, "base64").equals(pdfBytes)).toBe(true);
    const gotPng = await t.call("GET", `/user/data/${id}/images/${png.body.id}`, undefined, as("member"));
    expect((await sharp(Buffer.from(gotPng.body.base64_image, "base64")).metadata()).format).toBe("png");
  });

  it("accepts a file of several megabytes, under the 10 MB limit", async () => {
    const id = await itemOf("member", "covid19_pcr_test");
    const big = await largePng();
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(big.length).toBeLessThan(DATA_LIMITS.imageBytesMax);
    const up = await upload(`/user/data/${id}/images`, "member", big, "scan.png", { type: "image/png" });
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ content_type: "image/png", width: 1400, height: 1000 });
    await t.call("DELETE", `/user/data/${id}/images/${up.body.id}`, undefined, as("member"));
  });

  it("names the file by its content, not its name: a PNG called ../../passwd.jpg is stored as passwd.png", async () => {
    const id = await itemOf("member", "covid19_pcr_test");
    const up = await upload(`/user/data/${id}/images`, "member", await smallPng(), "../../passwd.jpg");
    expect(up.body).toMatchObject({ content_type: "image/png", file_name: "passwd.png" });
    await t.call("DELETE", `/user/data/${id}/images/${up.body.id}`, undefined, as("member"));
  });

  it("refuses a script renamed .jpg by its content (415 image-type-not-allowed), storing nothing", async () => {
    const id = await itemOf("client2", "covid19_vaccine");
    for (const lang of ["en", "ja"] as const) {
      const res = await upload(`/user/data/${id}/images`, "client2", script(), "photo.jpg", { lang });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        code: "image-type-not-allowed",
        detail: MESSAGES["image-type-not-allowed"][lang === "ja" ? "jp" : "en"],
      });
    }
    expect(MESSAGES["image-type-not-allowed"].en).toBe(
      "Only JPEG, PNG or WebP images and PDF files can be uploaded.",
    );
    expect(await imageCount(id)).toBe(0);
  });

  it(`refuses a file over ${DATA_LIMITS.imageBytesMax} bytes with 413 in the user's language, storing nothing`, async () => {
    const id = await itemOf("client2", "covid19_vaccine");
    const en = await upload(`/user/data/${id}/images`, "client2", oversized(), "big.jpg");
    expect(en).toEqual({
      status: 413,
      body: { code: "image-too-large", detail: "The file is too large: at most 10 MB." },
    });
    const ja = await upload(`/user/data/${id}/images`, "client2", oversized(), "big.jpg", { lang: "ja" });
    expect(ja).toEqual({
      status: 413,
      body: {
        code: "image-too-large",
        detail: "ファイルが大きすぎます。10MB以下のファイルを選んでください。",
      },
    });
    expect(await imageCount(id)).toBe(0);
    expect(DATA_LIMITS.imageBytesMax).toBe(10 * 1024 * 1024);
  });

  it("refuses a 30,000 × 30,000 px image before decoding it, and the server still answers", async () => {
    const id = await itemOf("client2", "covid19_vaccine");
    const bomb = bombPng(30_000);
    expect(bomb.length).toBeLessThan(200);
    const res = await upload(`/user/data/${id}/images`, "client2", bomb, "bomb.png", { type: "image/png" });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      code: "image-too-many-pixels",
      detail: "The image has too many pixels: at most 40 million.",
    });
    expect(DATA_LIMITS.imagePixelsMax).toBe(40_000_000);
    expect(await imageCount(id)).toBe(0);
    const health = await t.call("GET", "/health");
    expect(health.status).toBe(200);
  });

  it("refuses a truncated JPEG as unreadable (400), storing nothing", async () => {
    const id = await itemOf("client2", "covid19_vaccine");
    const res = await upload(`/user/data/${id}/images`, "client2", await truncatedJpeg(), "cut.jpg");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: "image-unreadable",
      detail: "The file could not be read: it may be damaged.",
    });
    expect(await imageCount(id)).toBe(0);
  });

  it("refuses an upload without a file in field image, and an upload to a form item", async () => {
    const id = await itemOf("client2", "covid19_vaccine");
    const wrongField = await upload(`/user/data/${id}/images`, "client2", await smallPng(), "a.png", {
      field: "file",
    });
    expect([wrongField.status, wrongField.body.code]).toEqual([400, "image-required"]);
    const notMultipart = await t.call("POST", `/user/data/${id}/images`, { image: "x" }, as("client2"));
    expect([notMultipart.status, notMultipart.body.code]).toEqual([400, "image-required"]);
    const form = await itemOf("client2", "mobile_0509");
    const toForm = await upload(`/user/data/${form}/images`, "client2", await smallPng(), "a.png");
    expect([toForm.status, toForm.body.code]).toEqual([400, "data-not-image"]);
    expect(await imageCount(id)).toBe(0);
    expect(await imageCount(form)).toBe(0);
  });

  it(`holds at most ${DATA_LIMITS.imagesPerItemMax} images per item (409 too-many-images)`, async () => {
    const id = await itemOf("leaver", "covid19_pcr_test");
    const png = await smallPng();
    await t.db.insert(dataImages).values(
      Array.from({ length: DATA_LIMITS.imagesPerItemMax }, () => ({
        itemId: id,
        contentType: "image/png" as const,
        fileName: "x.png",
        size: png.length,
        bytes: png,
        addedBy: "member" as const,
      })),
    );
    const res = await upload(`/user/data/${id}/images`, "leaver", png, "one-more.png");
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: "too-many-images",
      detail: "An item can hold at most 20 images. Delete one first.",
    });
    expect(await imageCount(id)).toBe(DATA_LIMITS.imagesPerItemMax);
    await t.db.delete(dataImages).where(eq(dataImages.itemId, id));
  });

  it("DELETE /user/data/{id}/images/{imageId} removes the image; then it is 404 image-not-found", async () => {
    const id = await itemOf("client2", "covid19_pcr_test");
    const up = await upload(`/user/data/${id}/images`, "client2", await smallPng(), "a.png");
    expect(up.status).toBe(201);
    expect(
      (await t.call("DELETE", `/user/data/${id}/images/${up.body.id}`, undefined, as("client2"))).status,
    ).toBe(204);
    const gone = await t.call("GET", `/user/data/${id}/images/${up.body.id}`, undefined, as("client2"));
    expect([gone.status, gone.body.code]).toEqual([404, "image-not-found"]);
    const again = await t.call("DELETE", `/user/data/${id}/images/${up.body.id}`, undefined, as("client2"));
    expect([again.status, again.body.code]).toEqual([404, "image-not-found"]);
  });

  it("processes several uploads at once without stalling other requests", async () => {
    const id = await itemOf("client2", "covid19_pcr_test");
    const photo = await photoWithGps();
    const uploads = Promise.all(
      Array.from({ length: 4 }, (_, i) => upload(`/user/data/${id}/images`, "client2", photo, `p${i}.jpg`)),
    );
    const started = Date.now();
    const health = await t.call("GET", "/health");
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await uploads).map((u) => u.status)).toEqual([201, 201, 201, 201]);
    await t.db.delete(dataImages).where(eq(dataImages.itemId, id));
  });
});

describe("sharing (DATA-07, DATA-08, DATA-09; API-13, API-14, API-15)", () => {
  it("shares an item with one of the member's entities, recording when; sharing again keeps the first time", async () => {
    const id = await itemOf("client", "mobile_0509");
    const res = await t.call("POST", `/user/data/${id}/entities/sakura`, undefined, as("client"));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      name: "さくら介護センター",
      description: "東京都内の介護施設。職員と入居者の体調を見守ります。",
      workspace_name: "sakura",
      shared_at: expect.any(String),
    });
    const again = await t.call("POST", `/user/data/${id}/entities/sakura`, undefined, as("client"));
    expect(again.status).toBe(200);
    expect(again.body.shared_at).toBe(res.body.shared_at);
    const list = await t.call("GET", `/user/data/${id}/entities`, undefined, as("client"));
    expect(list.body).toEqual({ entities: [res.body] });
    const detail = await t.call("GET", `/user/data/${id}/detail`, undefined, as("client"));
    expect(detail.body.shared_entities).toEqual([res.body]);
    expect(detail.body.last_updated).not.toBeNull();
  });

  it("refuses sharing with an entity the member does not belong to (403 not-member), storing nothing", async () => {
    const id = await itemOf("client", "mobile_0509");
    for (const ws of ["kaede", "nowhere"]) {
      const res = await t.call("POST", `/user/data/${id}/entities/${ws}`, undefined, as("client"));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: "not-member", detail: "You are not a member of this entity." });
    }
    // a pending application is no membership either
    const pending = (await t.signIn("client3@example.com")).idToken;
    const list = await t.call("GET", "/user/data", undefined, { token: pending });
    const item = list.body.data[3].id;
    const res = await t.call("POST", `/user/data/${item}/entities/sakura`, undefined, { token: pending });
    expect([res.status, res.body.code]).toEqual([403, "not-member"]);
    const shares = await t.db
      .select()
      .from(dataShares)
      .where(inArray(dataShares.itemId, [id, item]));
    expect(shares.map((s) => s.workspaceName)).toEqual(["sakura"]);
  });

  it("unsharing ends the share at once; a second unshare is 404 share-not-found", async () => {
    const id = await itemOf("client", "form_data_10");
    expect((await t.call("POST", `/user/data/${id}/entities/harbor`, undefined, as("client"))).status).toBe(
      201,
    );
    const del = await t.call("DELETE", `/user/data/${id}/entities/harbor`, undefined, as("client"));
    expect(del.status).toBe(204);
    const list = await t.call("GET", `/user/data/${id}/entities`, undefined, as("client"));
    expect(list.body.entities).toEqual([]);
    const again = await t.call("DELETE", `/user/data/${id}/entities/harbor`, undefined, as("client"));
    expect([again.status, again.body.code]).toEqual([404, "share-not-found"]);
  });
});

describe("staff reading shared items (DATA-10, DATA-12, DATA-13, DATA-14; API-83, API-84, API-85)", () => {
  let vaccine: number;
  let mobile: number;
  let imageId: number;

  beforeAll(async () => {
    vaccine = await itemOf("client", "covid19_vaccine");
    mobile = await itemOf("client", "mobile_0509");
  });

  it("shows 'No data' (an empty list) for an accepted member who shares nothing with the entity", async () => {
    const res = await t.call("GET", `/staff/sakura/user/${ids.member}/data`, undefined, as("staff"));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });

  it("lists the items the member shares with this entity only, in the caller's language", async () => {
    const up = await upload(`/user/data/${vaccine}/images`, "client", await smallPng(), "vaccine.png");
    imageId = up.body.id;
    const q = await questionOf("client", mobile);
    await t.call("POST", `/user/questions/${q}/answer`, { value: "090-5555-0000" }, as("client"));
    expect(
      (await t.call("POST", `/user/data/${vaccine}/entities/sakura`, undefined, as("client"))).status,
    ).toBe(201);
    const res = await t.call("GET", `/staff/sakura/user/${ids.client}/data`, undefined, as("staff", "ja"));
    expect(res.status).toBe(200);
    expect(res.body.data.map((i: { key: string; id: number }) => [i.key, i.id])).toEqual([
      ["covid19_vaccine", vaccine],
      ["mobile_0509", mobile],
    ]);
    expect(res.body.data[1].name).toBe("携帯電話番号");
    // the same staff member reading for harbor sees nothing: nothing is shared with harbor
    const harbor = await t.call("GET", `/staff/harbor/user/${ids.client}/data`, undefined, as("staff"));
    expect(harbor.body).toEqual({ data: [] });
  });

  it("GET /staff/{ws}/data/{dataId}/user/{userId} answers a form item with its answers", async () => {
    const res = await t.call(
      "GET",
      `/staff/sakura/data/${mobile}/user/${ids.client}`,
      undefined,
      as("staff"),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: mobile,
      key: "mobile_0509",
      data_type: "form_data",
      question: { text: "Enter your mobile phone number." },
      answers: [{ value: "090-5555-0000" }],
    });
    expect(res.body.images).toBeUndefined();
  });

  it("lists and downloads a covid19 item's images (DATA-12), and staff add one (DATA-13)", async () => {
    const list = await t.call(
      "GET",
      `/staff/sakura/data/${vaccine}/user/${ids.client}/images`,
      undefined,
      as("staff"),
    );
    expect(list.status).toBe(200);
    expect(list.body.images).toEqual([
      expect.objectContaining({ id: imageId, content_type: "image/png", added_by: "member" }),
    ]);
    const got = await t.call(
      "GET",
      `/staff/sakura/data/${vaccine}/user/${ids.client}/images/${imageId}`,
      undefined,
      as("staff"),
    );
    expect(got.status).toBe(200);
    expect((await sharp(Buffer.from(got.body.base64_image, "base64")).metadata()).format).toBe("png");

    const added = await upload(
      `/staff/sakura/data/${vaccine}/user/${ids.client}/images`,
      "staff",
      await photoWithGps(),
      "cert.jpg",
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ added_by: "staff", content_type: "image/jpeg" });
    const mine = await t.call("GET", `/user/data/${vaccine}/detail`, undefined, as("client"));
    expect(mine.body.images.map((i: { added_by: string }) => i.added_by)).toEqual(["member", "staff"]);
    const [row] = await t.db.select().from(dataImages).where(eq(dataImages.id, added.body.id));
    expect([row?.addedByUser, row?.addedByWorkspace]).toEqual([ids.staff, "sakura"]);

    const toForm = await upload(
      `/staff/sakura/data/${mobile}/user/${ids.client}/images`,
      "staff",
      await smallPng(),
      "a.png",
    );
    expect([toForm.status, toForm.body.code]).toEqual([400, "data-not-image"]);
    const big = await upload(
      `/staff/sakura/data/${vaccine}/user/${ids.client}/images`,
      "staff",
      oversized(),
      "big.jpg",
    );
    expect([big.status, big.body.code]).toEqual([413, "image-too-large"]);
    expect(await imageCount(vaccine)).toBe(2);
  });

  it("records every staff read for the member: views, downloads and uploads, with staff, entity and time", async () => {
    const res = await t.call("GET", `/user/data/${vaccine}/views`, undefined, as("client"));
    expect(res.status).toBe(200);
    const actions = res.body.views.map((v: { action: string }) => v.action);
    expect(actions).toEqual(["upload", "download", "view"]);
    expect(res.body.views[0]).toEqual({
      workspace_name: "sakura",
      entity_name: "さくら介護センター",
      staff_name: "Sato Staff",
      action: "upload",
      at: expect.any(String),
    });
    // reading the same item again at once adds no second view row (one page reads an item more than once)
    await t.call("GET", `/staff/sakura/data/${vaccine}/user/${ids.client}/images`, undefined, as("staff"));
    const again = await t.call("GET", `/user/data/${vaccine}/views`, undefined, as("client"));
    expect(again.body.views.length).toBe(3);
    // a download is always recorded
    await t.call(
      "GET",
      `/staff/sakura/data/${vaccine}/user/${ids.client}/images/${imageId}`,
      undefined,
      as("staff"),
    );
    const after = await t.call("GET", `/user/data/${vaccine}/views`, undefined, as("client"));
    expect(after.body.views.map((v: { action: string }) => v.action)).toEqual([
      "download",
      "upload",
      "download",
      "view",
    ]);
    // the mobile item was listed and read
    const mob = await t.call("GET", `/user/data/${mobile}/views`, undefined, as("client"));
    expect(mob.body.views.map((v: { action: string }) => v.action)).toEqual(["view"]);
  });

  it("refuses an item not shared with this entity, staff of another entity, and a member of another entity", async () => {
    const pcr = await itemOf("client", "covid19_pcr_test");
    const notShared = await t.call(
      "GET",
      `/staff/sakura/data/${pcr}/user/${ids.client}`,
      undefined,
      as("staff"),
    );
    expect([notShared.status, notShared.body.code]).toEqual([404, "data-not-found"]);
    const viaHarbor = await t.call(
      "GET",
      `/staff/harbor/data/${vaccine}/user/${ids.client}/images`,
      undefined,
      as("staff"),
    );
    expect([viaHarbor.status, viaHarbor.body.code]).toEqual([404, "data-not-found"]);
    const wrongUser = await t.call(
      "GET",
      `/staff/sakura/data/${vaccine}/user/${ids.member}`,
      undefined,
      as("staff"),
    );
    expect([wrongUser.status, wrongUser.body.code]).toEqual([404, "data-not-found"]);
    const kaede = await t.call("GET", `/staff/sakura/user/${ids.client}/data`, undefined, as("otherStaff"));
    expect([kaede.status, kaede.body.code]).toEqual([403, "forbidden"]);
    const client2 = await t.call("GET", `/staff/sakura/user/${ids.client2}/data`, undefined, as("staff"));
    expect([client2.status, client2.body.code]).toEqual([404, "member-not-found"]);
    const uploadKaede = await upload(
      `/staff/sakura/data/${vaccine}/user/${ids.client}/images`,
      "otherStaff",
      await smallPng(),
      "a.png",
    );
    expect(uploadKaede.status).toBe(403);
    expect(await imageCount(vaccine)).toBe(2);
  });

  it("ends staff access at once when the member unshares", async () => {
    expect(
      (await t.call("DELETE", `/user/data/${mobile}/entities/sakura`, undefined, as("client"))).status,
    ).toBe(204);
    const detail = await t.call(
      "GET",
      `/staff/sakura/data/${mobile}/user/${ids.client}`,
      undefined,
      as("staff"),
    );
    expect([detail.status, detail.body.code]).toEqual([404, "data-not-found"]);
    const list = await t.call("GET", `/staff/sakura/user/${ids.client}/data`, undefined, as("staff"));
    expect(list.body.data.map((i: { key: string }) => i.key)).toEqual(["covid19_vaccine"]);
  });

  it("ends staff access when the member leaves the entity, and joining again does not revive the share", async () => {
    const id = await itemOf("leaver", "user_info");
    const q = await questionOf("leaver", id);
    await t.call(
      "POST",
      `/user/questions/${q}/answer`,
      { value: "Leaver Mother 03-1234-5678" },
      as("leaver"),
    );
    expect((await t.call("POST", `/user/data/${id}/entities/sakura`, undefined, as("leaver"))).status).toBe(
      201,
    );
    expect(
      (await t.call("GET", `/staff/sakura/data/${id}/user/${ids.leaver}`, undefined, as("staff"))).status,
    ).toBe(200);

    expect((await t.call("DELETE", `/staff/sakura/users/${ids.leaver}`, undefined, as("staff"))).status).toBe(
      200,
    );
    const detail = await t.call("GET", `/staff/sakura/data/${id}/user/${ids.leaver}`, undefined, as("staff"));
    expect([detail.status, detail.body.code]).toEqual([404, "data-not-found"]);
    const list = await t.call("GET", `/staff/sakura/user/${ids.leaver}/data`, undefined, as("staff"));
    expect([list.status, list.body.code]).toEqual([404, "member-not-found"]);
    const own = await t.call("GET", `/user/data/${id}/entities`, undefined, as("leaver"));
    expect(own.body.entities).toEqual([]);

    await t.db.insert(memberships).values({
      workspaceName: "sakura",
      userId: ids.leaver as string,
      role: "client",
      status: "accepted",
      acceptedAt: new Date(),
    });
    const back = await t.call("GET", `/staff/sakura/user/${ids.leaver}/data`, undefined, as("staff"));
    expect(back.body).toEqual({ data: [] });
    const reshared = await t.call("POST", `/user/data/${id}/entities/sakura`, undefined, as("leaver"));
    expect(reshared.status).toBe(201);
    expect(
      (await t.call("GET", `/staff/sakura/data/${id}/user/${ids.leaver}`, undefined, as("staff"))).status,
    ).toBe(200);
  });
});

describe("the admin catalogue (API: /admin/data-types)", () => {
  const body = {
    key: "health_insurance",
    data_type: "image",
    name_jp: "健康保険証",
    name_en: "Health insurance card",
    description_jp: "",
    description_en: "A photo of your card.",
  };

  it("creates, updates and deletes an unused type; its empty items go with it", async () => {
    const created = await t.call("POST", "/admin/data-types", body, as("admin"));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...body, id: expect.any(Number), question: null, items: 0 });
    const list = await t.call("GET", "/user/data", undefined, as("member"));
    expect(list.body.data.map((i: { key: string }) => i.key)).toContain("health_insurance");
    const updated = await t.call(
      "PUT",
      `/admin/data-types/${created.body.id}`,
      {
        ...body,
        data_type: "form_data",
        question: { text_jp: "保険者番号", text_en: "Insurer number", question_type: 1 },
      },
      as("admin"),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      data_type: "form_data",
      question: { text_en: "Insurer number", question_type: 1 },
    });
    expect(
      (await t.call("DELETE", `/admin/data-types/${created.body.id}`, undefined, as("admin"))).status,
    ).toBe(204);
    const [left] = await t.db
      .select({ n: count() })
      .from(dataItems)
      .where(eq(dataItems.typeId, created.body.id));
    expect(left?.n).toBe(0);
    const gone = await t.call("DELETE", `/admin/data-types/${created.body.id}`, undefined, as("admin"));
    expect([gone.status, gone.body.code]).toEqual([404, "data-type-not-found"]);
  });

  it("refuses changing the kind of, or deleting, a type members hold data of (409 data-type-in-use)", async () => {
    const [vaccine] = await t.db.select().from(dataItemTypes).where(eq(dataItemTypes.key, "covid19_vaccine"));
    const id = vaccine?.id;
    const put = await t.call(
      "PUT",
      `/admin/data-types/${id}`,
      {
        ...body,
        key: "covid19_vaccine",
        data_type: "form_data",
        question: { text_jp: "a", text_en: "a", question_type: 1 },
      },
      as("admin"),
    );
    expect(put.status).toBe(409);
    expect(put.body).toEqual({
      code: "data-type-in-use",
      field: "data_type",
      detail:
        "Members hold data of this type: its kind and question type cannot change, and it cannot be deleted.",
    });
    const del = await t.call("DELETE", `/admin/data-types/${id}`, undefined, as("admin", "ja"));
    expect(del.status).toBe(409);
    expect(del.body.detail).toBe(MESSAGES["data-type-in-use"].jp);
    const types = await t.call("GET", "/admin/data-types", undefined, as("admin"));
    expect(types.body.find((x: { key: string }) => x.key === "covid19_vaccine").items).toBeGreaterThan(0);
    // renaming a type in use is fine
    const renamed = await t.call(
      "PUT",
      `/admin/data-types/${id}`,
      { ...body, key: "covid19_vaccine", name_en: "Vaccination record" },
      as("admin"),
    );
    expect([renamed.status, renamed.body.name_en]).toEqual([200, "Vaccination record"]);
  });

  it("validates the body: key, data type, question, question type, options, a duplicate key", async () => {
    const post = (b: Record<string, unknown>) =>
      t.call("POST", "/admin/data-types", { ...body, ...b }, as("admin"));
    const badKey = await post({ key: "Bad Key" });
    expect([badKey.status, badKey.body.code, badKey.body.detail]).toEqual([
      400,
      "invalid-data-type-key",
      "Use lower-case letters, digits and _ for the key.",
    ]);
    expect((await post({ data_type: "video" })).body.code).toBe("invalid-data-type");
    const mismatch = await post({ data_type: "form_data" });
    expect([mismatch.status, mismatch.body.code, mismatch.body.field]).toEqual([
      400,
      "data-type-question-mismatch",
      "question",
    ]);
    const q = (question_type: number, options: unknown[] = []) => ({
      key: "q_test",
      data_type: "form_data",
      question: { text_jp: "質問", text_en: "Question", question_type, options },
    });
    const badType = await post(q(9));
    expect([badType.status, badType.body.code, badType.body.field]).toEqual([
      400,
      "invalid-question-type",
      "question.question_type",
    ]);
    const noOptions = await post(q(4));
    expect([noOptions.status, noOptions.body.code]).toEqual([400, "options-required"]);
    const dup = await post({ key: "covid19_pcr_test" });
    expect([dup.status, dup.body.code, dup.body.detail]).toEqual([
      409,
      "data-type-key-exists",
      "An item type with this key already exists.",
    ]);
    const [n] = await t.db.select({ n: count() }).from(dataItemTypes).where(eq(dataItemTypes.key, "q_test"));
    expect(n?.n).toBe(0);
  });
});

describe("who may call each data call (role matrix)", () => {
  it("members' calls need a sign-in; staff calls need staff of the entity; catalogue calls need an admin", async () => {
    const item = await itemOf("client", "covid19_vaccine");
    const user: [string, string][] = [
      ["GET", "/user/data"],
      ["GET", `/user/data/${item}/detail`],
      ["GET", `/user/data/${item}/entities`],
      ["POST", `/user/data/${item}/entities/sakura`],
      ["DELETE", `/user/data/${item}/entities/harbor`],
      ["POST", "/user/questions/1/answer"],
      ["DELETE", `/user/data/${item}/answers/1`],
      ["POST", `/user/data/${item}/images`],
      ["GET", `/user/data/${item}/images/1`],
      ["DELETE", `/user/data/${item}/images/1`],
      ["GET", `/user/data/${item}/views`],
    ];
    const staffCalls: [string, string][] = [
      ["GET", `/staff/sakura/user/${ids.client}/data`],
      ["GET", `/staff/sakura/data/${item}/user/${ids.client}`],
      ["GET", `/staff/sakura/data/${item}/user/${ids.client}/images`],
      ["POST", `/staff/sakura/data/${item}/user/${ids.client}/images`],
      ["GET", `/staff/sakura/data/${item}/user/${ids.client}/images/1`],
    ];
    const adminCalls: [string, string][] = [
      ["GET", "/admin/data-types"],
      ["POST", "/admin/data-types"],
      ["PUT", "/admin/data-types/1"],
      ["DELETE", "/admin/data-types/999999"],
    ];
    const statusOf = async (method: string, path: string, who?: keyof typeof tok) =>
      (await t.call(method, path, undefined, who ? as(who) : {})).status;
    const refused = (s: number) => s === 401 || s === 403;
    for (const [m, p] of [...user, ...staffCalls, ...adminCalls])
      expect([m, p, await statusOf(m, p)]).toEqual([m, p, 401]);
    // every signed-in person has their own items (a 404 here is about the client's item id, not access)
    for (const who of ["client", "staff", "admin"] as const)
      for (const [m, p] of user)
        expect([who, m, p, refused(await statusOf(m, p, who))]).toEqual([who, m, p, false]);
    for (const [m, p] of staffCalls) {
      expect([m, p, await statusOf(m, p, "client")]).toEqual([m, p, 403]);
      expect([m, p, await statusOf(m, p, "admin")]).toEqual([m, p, 403]);
      expect([m, p, await statusOf(m, p, "otherStaff")]).toEqual([m, p, 403]);
      expect([m, p, refused(await statusOf(m, p, "staff"))]).toEqual([m, p, false]);
    }
    for (const [m, p] of adminCalls) {
      expect([m, p, await statusOf(m, p, "client")]).toEqual([m, p, 403]);
      expect([m, p, await statusOf(m, p, "staff")]).toEqual([m, p, 403]);
      expect([m, p, refused(await statusOf(m, p, "admin"))]).toEqual([m, p, false]);
    }
  });
});

describe("deleting a member deletes everything of theirs", () => {
  it("cascades from the account to items, answers, images, shares and access records", async () => {
    const who = ids.client as string;
    const items = (
      await t.db.select({ id: dataItems.id }).from(dataItems).where(eq(dataItems.userId, who))
    ).map((i) => i.id);
    expect(items.length).toBeGreaterThan(0);
    const [views] = await t.db.select({ n: count() }).from(dataViews).where(inArray(dataViews.itemId, items));
    expect(views?.n).toBeGreaterThan(0);
    const res = await t.call("DELETE", `/admin/users/${who}`, undefined, as("admin"));
    expect(res.status).toBe(200);
    for (const [table, col] of [
      [dataAnswers, dataAnswers.itemId],
      [dataImages, dataImages.itemId],
      [dataShares, dataShares.itemId],
      [dataViews, dataViews.itemId],
    ] as const) {
      const [left] = await t.db.select({ n: count() }).from(table).where(inArray(col, items));
      expect(left?.n).toBe(0);
    }
    const [left] = await t.db
      .select({ n: count() })
      .from(dataItems)
      .where(and(eq(dataItems.userId, who)));
    expect(left?.n).toBe(0);
  });
});
