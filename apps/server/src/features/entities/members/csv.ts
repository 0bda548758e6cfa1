import type { Language, UserRowInput } from "@mimamori/shared";
import Encoding from "encoding-japanese";
import Papa from "papaparse";
import { AppError } from "../../../lib/errors";

/**
 * Reads an add-user CSV (spec §5): header row skipped, name in column A, e-mail in column B; UTF-8 (with or
 * without BOM) or Shift_JIS as saved by Excel in Japan, detected from the bytes.
 */
export function parseUserCsv(bytes: Uint8Array, language: Language): UserRowInput[] {
  if (bytes.includes(0)) throw new AppError("invalid_csv");
  const detected = Encoding.detect(bytes);
  if (detected === "BINARY" || detected === false) throw new AppError("invalid_csv");
  const text = Encoding.convert(bytes, {
    to: "UNICODE",
    from: detected === "UTF8" || detected === "ASCII" ? "UTF8" : detected,
    type: "string",
  });
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  if (parsed.errors.some((e) => e.type === "Quotes" || e.type === "Delimiter"))
    throw new AppError("invalid_csv");
  const [header, ...rows] = parsed.data;
  if (!header || header.length < 2) throw new AppError("invalid_csv");
  return rows.map((cols) => {
    if (cols.length < 2) throw new AppError("invalid_csv");
    return { name: cols[0] ?? "", email: cols[1] ?? "", language };
  });
}
