import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

/**
 * Raw SQL names its tables through the Drizzle table objects (`sql\`select … from ${vitalSamples}\``), so a
 * renamed table fails to compile instead of failing at run time. This scans the server's sources for a table
 * name written as text inside a `sql\`…\`` template (its literal parts, not its `${…}` expressions) or in
 * `sql.raw("…")` / `sql.identifier("…")`. Migrations are SQL files and are not scanned.
 */

const SRC = fileURLToPath(new URL("..", import.meta.url));
const SELF = fileURLToPath(import.meta.url);

/**
 * Files that may still name tables as text, each with the reason. Keep this short: a new entry needs a
 * reason Drizzle cannot express (a table name that is data, not code).
 */
const ALLOWED: Record<string, string> = {};

const tableNames = (Object.values(schema) as unknown[])
  .filter((t): t is PgTable => is(t, PgTable))
  .map((t) => getTableConfig(t).name);

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
