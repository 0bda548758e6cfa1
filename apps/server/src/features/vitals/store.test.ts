import { describe, expect, it } from "vitest";
import { samplesCopyData } from "./store";

describe("samplesCopyData", () => {
  it("writes COPY's binary format: signature, one tuple of uuid, int2, microseconds since 2000, float8, trailer", () => {
    const uid = "0123abcd-0000-4000-8000-00000000ff01";
    const data = samplesCopyData(uid, [
      { measure: 5091, at: Date.parse("2000-01-01T00:00:01.500Z"), value: 61.25 },
    ]);
    expect(data.subarray(0, 11).toString("latin1")).toBe("PGCOPY\n\xff\r\n\0");
    expect(data.readInt32BE(11)).toBe(0); // flags
    expect(data.readInt32BE(15)).toBe(0); // header extension
    expect(data.readInt16BE(19)).toBe(4);
    expect(data.readInt32BE(21)).toBe(16);
    expect(data.subarray(25, 41).toString("hex")).toBe(uid.replaceAll("-", ""));
    expect([data.readInt32BE(41), data.readInt16BE(45)]).toEqual([2, 5091]);
    expect([data.readInt32BE(47), data.readBigInt64BE(51)]).toEqual([8, 1_500_000n]);
    expect([data.readInt32BE(59), data.readDoubleBE(63)]).toEqual([8, 61.25]);
    expect(data.readInt16BE(71)).toBe(-1);
    expect(data.length).toBe(73);
  });

  it("writes a time of today's years in both halves of the int8, to the microsecond", () => {
    const at = Date.parse("2026-11-24T07:31:13.457Z");
    const data = samplesCopyData("00000000-0000-0000-0000-000000000000", [{ measure: 1, at, value: 0 }]);
    expect(data.readBigInt64BE(51)).toBe(BigInt(at - Date.UTC(2000, 0, 1)) * 1000n);
    expect(data.readInt32BE(51)).toBeGreaterThan(0);
  });

  it("writes times before 2000 as negative microseconds", () => {
    const data = samplesCopyData("00000000-0000-0000-0000-000000000000", [
      { measure: 1, at: Date.parse("1999-12-31T23:59:59Z"), value: 0 },
    ]);
    expect(data.readBigInt64BE(51)).toBe(-1_000_000n);
  });
});
