import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The import graph of a source tree, for architecture tests: every `import … from`, `export … from`, side-effect
 * `import "…"` and dynamic `import("…")` specifier of every .ts/.tsx file (tests included), relative ones resolved
 * to files. Generic: give it any folder (apps/server/src, apps/web/src, packages/shared/src).
 */
export interface ImportEdge {
  /** Importing file, relative to `repoRoot` with forward slashes. */
  from: string;
  /** The specifier as written. */
  specifier: string;
  /** The imported file relative to `repoRoot` when the specifier is relative and resolves, else null. */
  to: string | null;
  line: number;
  /** `import("…")`: loaded when the code runs it, not when the importing file loads. */
  dynamic: boolean;
  /** `import type` / `export type`: erased from the JavaScript. */
  typeOnly: boolean;
}

export const repoRoot = path.resolve(import.meta.dirname, "../../../..");

const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "node_modules" || name === "dist") return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

function resolve(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  // unresolved (a file that does not exist yet, or a .js specifier of a .ts file): name the .ts it means
  return /\.[cm]?js$/.test(base) ? base.replace(/\.([cm]?)js$/, ".$1ts") : `${base}.ts`;
}

const rel = (file: string) => path.relative(repoRoot, file).split(path.sep).join("/");

/** Every import edge of the .ts/.tsx files under `dir` (absolute or relative to the repository root). */
export function importGraph(dir: string): ImportEdge[] {
  const root = path.resolve(repoRoot, dir);
  return sourceFiles(root).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    const edges: ImportEdge[] = [];
    for (const m of text.matchAll(SPECIFIER)) {
      const specifier = m[1] ?? m[2];
      if (!specifier) continue;
      const to = resolve(file, specifier);
      const line = text.slice(0, m.index).split("\n").length;
      edges.push({
        from: rel(file),
        specifier,
        to: to && rel(to),
        line,
        dynamic: m[2] !== undefined,
        typeOnly: /^[\s;}]?(?:import|export)\s+type\s/.test(m[0]),
      });
    }
    return edges;
  });
}

/** One line per broken edge, naming the file, line and import: the message of a failing architecture test. */
export function describeEdges(edges: ImportEdge[], rule: string): string {
  return edges.length === 0
    ? ""
    : `${rule}:\n${edges.map((e) => `  ${e.from}:${e.line} imports "${e.specifier}"`).join("\n")}`;
}

/** The strongly connected groups (size > 1) of a graph given as node -> neighbours: its import cycles. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
