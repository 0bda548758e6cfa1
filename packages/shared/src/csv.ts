/**
 * Writing CSV cells, for every CSV the product writes (server exports, files built in the browser).
 * docs/decisions.md, "Trust": formula injection.
 */

/** Text cells come from people (names, e-mails) or the product (dates, units); numbers are the product's. */
export type CsvCell = string | number | null;

/**
 * The first characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"), with their
 * full-width forms (U+FF1D ＝, U+FF0B ＋, U+FF0D －, U+FF20 ＠): a Japanese IME types them, and spreadsheets
 * with Japanese input settings read a cell starting with one as a formula too.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** True for text a spreadsheet would read as a formula. */
export const looksLikeFormula = (text: string): boolean => FORMULA_START.test(text);

/**
 * A text cell a spreadsheet would run as a formula, prefixed with a single quote so that it shows as text
 * (`=HYPERLINK(…)` → `'=HYPERLINK(…)`); any other text unchanged.
 */
export const neutraliseCsvCell = (text: string): string => (looksLikeFormula(text) ? `'${text}` : text);

/**
 * One cell: text neutralised, then quoted when it holds a quote, comma or line break (RFC 4180). Numbers are
 * written as they are: a measured −12.5 stays a number.
 */
export function csvCell(v: CsvCell): string {
  if (v === null) return "";
  const s = typeof v === "number" ? String(v) : neutraliseCsvCell(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One CSV record with its CRLF. */
export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(",")}\r\n`;
