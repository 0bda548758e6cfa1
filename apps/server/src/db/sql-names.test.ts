import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

/**
 * Raw SQL names its tables and columns through the Drizzle objects (`sql\`select ${vitalSamples.value} from
 * ${vitalSamples}\``, `bare(…)` from sql-names.ts where SQL wants an unqualified name), so a rename fails to
 * compile instead of failing at run time. This scans the server's sources for a table or column name written as
 * text inside a `sql\`…\`` template (its literal parts, not its `${…}` expressions) or in `sql.raw("…")` /
 * `sql.identifier("…")`. Migrations are SQL files and are not scanned.
 */

const SRC = fileURLToPath(new URL("..", import.meta.url));
const SELF = fileURLToPath(import.meta.url);

/**
 * Files that may still name tables as text, each with the reason. Keep this short: a new entry needs a
 * reason Drizzle cannot express (a table name that is data, not code).
 */
const ALLOWED: Record<string, string> = {};

const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));
const tableNames = tables.map((t) => getTableConfig(t).name);
const columnNames = new Set(tables.flatMap((t) => getTableConfig(t).columns.map((c) => c.name)));

/**
 * SQL phrases whose words are keywords, not the columns of the same name; they are left out of the column scan.
 * Keep this short: each entry needs a reason.
 */
const KEYWORD_PHRASES: { phrase: RegExp; reason: string }[] = [
  {
    phrase: /\bat\s+time\s+zone\b/gi,
    reason: "AT TIME ZONE, not the column `at` (vital_samples, rate_events)",
  },
  {
    phrase: /\bfor\s+(?:no\s+)?key\s+(?:share|update)\b/gi,
    reason:
      "the row locks FOR KEY SHARE / FOR NO KEY UPDATE, not the column `key` (rate_events, app_secrets)",
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "migrations" || e.name === "node_modules" ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && p !== SELF ? [p] : [];
  });
}

/** Skips a quoted string starting at `i` (the quote); returns the index after it. */
function skipString(src: string, i: number): number {
  const q = src[i];
  for (let j = i + 1; j < src.length; j++) {
    if (src[j] === "\\") j++;
    else if (src[j] === q || src[j] === "\n") return j + 1;
  }
  return src.length;
}

/**
 * Literal SQL text of every sql`…` template (nested ones included) and every sql.raw/identifier string. A small
 * lexer: comments and strings are skipped, template literals are followed into their `${…}` expressions.
 */
function sqlTexts(src: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const lineOf = (i: number) => src.slice(0, i).split("\n").length;
  /** Code from `i`; with `inExpression`, up to the `}` closing a `${`, and returns the index after it. */
  const code = (i: number, inExpression: boolean): number => {
    let depth = 0;
    while (i < src.length) {
      const c = src[i];
      const next = src[i + 1];
      if (c === "/" && next === "/") i = src.indexOf("\n", i) === -1 ? src.length : src.indexOf("\n", i);
      else if (c === "/" && next === "*")
        i = src.indexOf("*/", i + 2) === -1 ? src.length : src.indexOf("*/", i + 2) + 2;
      else if (c === '"' || c === "'") i = skipString(src, i);
      else if (c === "`") i = template(i + 1, /\bsql$/.test(src.slice(Math.max(0, i - 4), i)));
      else {
        if (c === "{") depth++;
        else if (c === "}") {
          if (inExpression && depth === 0) return i + 1;
          depth--;
        }
        i++;
      }
    }
    return i;
  };
  /** A template literal whose body starts at `i`; records its literal text when it is tagged `sql`. */
  const template = (i: number, isSql: boolean): number => {
    const first = i;
    let text = "";
    while (i < src.length) {
      const c = src[i];
      if (c === "\\") {
        text += src.slice(i, i + 2);
        i += 2;
      } else if (c === "`") {
        if (isSql) out.push({ line: lineOf(first), text });
        return i + 1;
      } else if (c === "$" && src[i + 1] === "{") {
        text += " ";
        i = code(i + 2, true);
      } else {
        text += c;
        i++;
      }
    }
    return i;
  };
  code(0, false);
  for (const m of src.matchAll(/\bsql\.(?:raw|identifier)\(\s*(["'`])((?:\\.|(?!\1).)*)\1/g))
    out.push({ line: lineOf(m.index ?? 0), text: m[2] ?? "" });
  return out.sort((a, b) => a.line - b.line);
}

/** `file:line name` for every table name written as text in SQL. */
function tableNamesInSql(files: string[], names: string[]): string[] {
  const word = new RegExp(`\\b(${names.join("|")})\\b`, "g");
  return files.flatMap((file) => {
    const rel = path.relative(SRC, file);
    if (rel in ALLOWED) return [];
    return sqlTexts(readFileSync(file, "utf8")).flatMap(({ line, text }) =>
      [...text.matchAll(word)].map((m) => `${rel}:${line} ${m[1]}`),
    );
  });
}

/**
 * The schema column names written as text in one template's literal SQL: every identifier equal to a column's
 * name, except a function's (followed by `(`: `sum(…)`), a type's (after `::`), words inside SQL strings and
 * comments, the KEYWORD_PHRASES, and the names the same template defines as aliases (`… as max`, `unnest(…) as
 * i(measure, at)`). A name read from a subquery defined elsewhere is a column name: write it with `bare(…)`.
 */
function columnNamesInText(text: string, columns: Set<string>): string[] {
  let t = text.replace(/--[^\n]*/g, " ").replace(/'(?:[^']|'')*'/g, "''");
  for (const { phrase } of KEYWORD_PHRASES) t = t.replace(phrase, " ");
  const aliases = new Set<string>();
  for (const m of t.matchAll(/\bas\s+"?(\w+)"?(?:\s*\(([^)]*)\))?/gi))
    for (const name of [m[1] ?? "", ...(m[2] ?? "").split(",")])
      aliases.add(name.replace(/"/g, "").trim().toLowerCase());
  return [...t.matchAll(/(?<!::\s*)\b([a-z_]\w*)\b(?!\s*\()/gi)]
    .map((m) => (m[1] ?? "").toLowerCase())
    .filter((name) => columns.has(name) && !aliases.has(name));
}

/** `file:line name` for every schema column name written as text in SQL (see columnNamesInText). */
function columnNamesInSql(files: string[], columns: Set<string>): string[] {
  return files.flatMap((file) => {
    const rel = path.relative(SRC, file);
    return sqlTexts(readFileSync(file, "utf8")).flatMap(({ line, text }) =>
      columnNamesInText(text, columns).map((name) => `${rel}:${line} ${name}`),
    );
  });
}

describe("table names in SQL", () => {
  it("knows the schema's tables", () => {
    expect(tableNames).toContain("vital_samples");
    expect(tableNames).toContain("users");
    expect(tableNames.length).toBeGreaterThan(10);
  });

  it("finds names in literal text but not in expressions", () => {
    const src = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text under test
      "sql`select value from vital_samples where ${x} = 1`;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text under test
      "sql`select ${vitalSamples.value} from ${vitalSamples} where ${sql`user_id in (select id from users)`}`;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text under test
      'sql.raw("vital_buckets_day"); sql`select "users_count" from ${t}`;',
      "// sql`from users` in a comment, and a string: 'sql`from users`'",
    ].join("\n");
    const found = sqlTexts(src).flatMap((t) =>
      [...t.text.matchAll(/\b(vital_samples|users|vital_buckets_day)\b/g)].map((m) => `${t.line} ${m[1]}`),
    );
    expect(found).toEqual(["1 vital_samples", "2 users", "3 vital_buckets_day"]);
  });

  it("no server source names a table as text inside sql`…`", () => {
    expect(tableNamesInSql(sourceFiles(SRC), tableNames)).toEqual([]);
  });
});

describe("column names in SQL", () => {
  it("knows the schema's columns", () => {
    for (const name of ["user_id", "measure", "value", "workspace_name", "start_at"])
      expect(columnNames).toContain(name);
  });

  it("finds a column name in literal text, not an alias, function, type, string or keyword", () => {
    const columns = new Set(["user_id", "measure", "value", "min", "sum", "at", "key", "stage", "text"]);
    const found = (text: string) => columnNamesInText(text, columns);
    expect(
      found("select user_id, max(value) as min, b.measure from t b where stage = 'deep' and x::text = ''"),
    ).toEqual(["user_id", "value", "measure", "stage"]);
    // aliases of the same template, keywords, functions, casts, strings and comments
    expect(found("select min from (select value as min) m where min > 0")).toEqual(["value"]);
    expect(
      found("select i.measure, to_timestamp(i.at) from unnest(x) as i(measure, at) for key share"),
    ).toEqual([]);
    expect(found("select sum(1)::text, now() at time zone 'UTC', 'user_id' -- measure")).toEqual([]);
    // an alias counts only in the template that defines it: a subquery's output is read with bare(…)
    const src = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text under test
      "sql`select sum(sum) from (${sql`select ${v.value} as sum from ${v}`}) b`;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text under test
      "sql`select sum(${bare(h.sum)}) from (${sql`select ${v.value} as ${bare(h.sum)} from ${v}`}) b`;",
    ].join("\n");
    expect(sqlTexts(src).flatMap((t) => found(t.text).map((name) => `${t.line} ${name}`))).toEqual(["1 sum"]);
  });

  /**
   * Production sources only (not *.test.ts): a test's SQL runs whenever the suite runs, so a stale column name
   * there fails at once, while production SQL may sit on a path no test reaches.
   */
  it("no server source names a column as text inside sql`…`", () => {
    const production = sourceFiles(SRC).filter((f) => !f.endsWith(".test.ts"));
    expect(columnNamesInSql(production, columnNames)).toEqual([]);
  });
});
