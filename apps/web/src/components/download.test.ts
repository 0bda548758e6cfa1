import { describe, expect, it } from "vitest";
import { filenameOf, formatBytes } from "./download";

describe("downloads", () => {
  it("reads the file name of a Content-Disposition header", () => {
    expect(filenameOf('attachment; filename="a_b.csv"')).toBe("a_b.csv");
    expect(filenameOf("attachment; filename=plain.csv")).toBe("plain.csv");
    expect(filenameOf("attachment; filename=\"x.csv\"; filename*=UTF-8''%E5%BF%83%E6%8B%8D.csv")).toBe(
      "心拍.csv",
    );
    expect(filenameOf("attachment")).toBeNull();
    expect(filenameOf(null)).toBeNull();
  });

  it("formats byte counts", () => {
    expect(formatBytes(512, "en-US")).toBe("512 B");
    expect(formatBytes(12_595, "en-US")).toBe("12.3 KB");
    expect(formatBytes(4.5 * 1024 * 1024, "en-US")).toBe("4.5 MB");
  });
});
