import Encoding from "encoding-japanese";
import { describe, expect, it } from "vitest";
import { AppError } from "../../../lib/errors";
import { parseUserCsv } from "./csv";

const utf8 = (s: string) => new TextEncoder().encode(s);
const sjis = (s: string) =>
  new Uint8Array(Encoding.convert(Encoding.stringToCode(s), { to: "SJIS", from: "UNICODE" }));
const expectInvalid = (bytes: Uint8Array) => {
  try {
    parseUserCsv(bytes, "jp");
    throw new Error("parsed");
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe("invalid_csv");
  }
};

describe("parseUserCsv", () => {
  const expected = [
    { name: "山田 花子", email: "hanako@example.com", language: "jp" },
    { name: "Smith, John", email: "john@example.com", language: "jp" },
  ];
  const body = 'name,email\r\n山田 花子,hanako@example.com\r\n"Smith, John",john@example.com\r\n\r\n';

  it("reads UTF-8, UTF-8 with BOM and Shift_JIS alike", () => {
    expect(parseUserCsv(utf8(body), "jp")).toEqual(expected);
    expect(parseUserCsv(utf8(`\uFEFF${body}`), "jp")).toEqual(expected);
    expect(parseUserCsv(sjis(body), "jp")).toEqual(expected);
  });

  it("skips the header row and blank lines, keeps LF files", () => {
    expect(parseUserCsv(utf8("氏名,メール\n\nA,a@example.com\n"), "en")).toEqual([
      { name: "A", email: "a@example.com", language: "en" },
    ]);
  });

  it("refuses binary data, a single column and broken quotes", () => {
    expectInvalid(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    expectInvalid(utf8("name\nA\n"));
    expectInvalid(utf8('name,email\n"A,a@example.com\n'));
    expectInvalid(utf8("name,email\nA\n"));
  });
});
