import { DATA_LIMITS, QUESTION_TYPE } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import { asFormQuestion, base64Blob, fileProblem, formatBytes, relativeTime } from "./dataItems";

const NOW = Date.parse("2026-07-01T12:00:00Z");
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe("relativeTime (DATA-01: last modified as relative time in the user's language)", () => {
  it("says now under a minute", () => {
    expect(relativeTime(ago(20), "en", NOW)).toBe("now");
    expect(relativeTime(ago(20), "jp", NOW)).toBe("今");
  });

  it("uses the largest unit that fits, in English and Japanese", () => {
    expect(relativeTime(ago(5 * 60), "en", NOW)).toBe("5 minutes ago");
    expect(relativeTime(ago(3 * 3600), "en", NOW)).toBe("3 hours ago");
    expect(relativeTime(ago(3 * 3600), "jp", NOW)).toBe("3 時間前");
    expect(relativeTime(ago(86_400), "en", NOW)).toBe("yesterday");
    expect(relativeTime(ago(86_400), "jp", NOW)).toBe("昨日");
    expect(relativeTime(ago(14 * 86_400), "en", NOW)).toBe("2 weeks ago");
    expect(relativeTime(ago(400 * 86_400), "en", NOW)).toBe("last year");
  });

  it("gives back a value that is not a time", () => {
    expect(relativeTime("soon", "en", NOW)).toBe("soon");
  });
});

describe("fileProblem (DATA-05: the client checks size and type before sending)", () => {
  const file = (size: number, type: string, name = "a.jpg") => ({ size, type, name });

  it("accepts JPEG, PNG, WebP and PDF up to 10 MB", () => {
    expect(DATA_LIMITS.imageBytesMax).toBe(10 * 1024 * 1024);
    for (const type of ["image/jpeg", "image/png", "image/webp", "application/pdf"]) {
      expect(fileProblem(file(10 * 1024 * 1024, type))).toBeNull();
    }
  });

  it("refuses a file one byte over 10 MB", () => {
    expect(fileProblem(file(10 * 1024 * 1024 + 1, "image/jpeg"))).toBe("too-large");
  });

  it("refuses other types and empty files", () => {
    expect(fileProblem(file(100, "image/gif", "a.gif"))).toBe("wrong-type");
    expect(fileProblem(file(100, "application/zip", "a.zip"))).toBe("wrong-type");
    expect(fileProblem(file(0, "image/jpeg"))).toBe("empty");
  });

  it("lets a file without a type through by its ending (the server decides by content)", () => {
    expect(fileProblem(file(100, "", "scan.PDF"))).toBeNull();
    expect(fileProblem(file(100, "", "script.sh"))).toBe("wrong-type");
  });
});

describe("asFormQuestion", () => {
  it("renders a data item's question as one required form question", () => {
    const q = asFormQuestion({
      id: 7,
      text: "Blood type",
      question_type: QUESTION_TYPE.single,
      options: [{ order: 1, text: "A" }],
    });
    expect(q).toEqual({
      id: 7,
      order: 1,
      text: "Blood type",
      question_type_id: 3,
      is_required: true,
      question_options: [{ order: 1, text: "A" }],
    });
  });
});

describe("formatBytes and base64Blob", () => {
  it("formats sizes in both languages", () => {
    expect(formatBytes(2.5 * 1024 * 1024, "en")).toBe("2.5 MB");
    expect(formatBytes(2048, "en")).toBe("2 kB");
  });

  it("decodes base64 into the file's bytes", async () => {
    const blob = base64Blob(btoa("%PDF-1"), "application/pdf");
    expect(blob.type).toBe("application/pdf");
    expect(await blob.text()).toBe("%PDF-1");
  });
});
