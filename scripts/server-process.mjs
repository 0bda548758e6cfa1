// How the server process is started (`npm start`, bench/): one place for its build and its Node options.
import { cpSync, existsSync, lstatSync, mkdirSync, renameSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverDir = path.join(root, "apps/server");
const outDir = path.join(serverDir, "dist");

/**
 * Bundles the server's TypeScript (and the shared package's) into one JavaScript module, `apps/server/dist/main.mjs`,
 * with the npm packages left as imports; answers its path. Run from the bundle, the process holds no compiler hooks or
 * per-module source maps: 133 MB resident after start against 170 MB under `tsx` (docs/decisions.md, "Speed").
 * It sits two folders below the repository like `src/main.ts`, so the paths the code takes from its own location (the
 * web build, the migrations linked beside it) stay the same. It takes about 0.3 s, so it is built at every start; a
 * process's build is renamed into place whole, so servers started at once never read half a file.
 */
export function buildServer({ standalone = false } = {}) {
  const entry = path.join(outDir, "main.mjs");
  const staging = `${entry}.${process.pid}.tmp`;
  mkdirSync(outDir, { recursive: true });
  buildSync({
    entryPoints: [path.join(serverDir, "src/main.ts")],
    outfile: staging,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // the workspace package is TypeScript: bundled, not imported at run time
    alias: { "@mimamori/shared": path.join(root, "packages/shared/src/index.ts") },
    // the personal export's worker thread, started from this text (features/personal-export/export.ts)
    define: { MIMAMORI_ZIP_WORKER: JSON.stringify(buildZipWorker()) },
    logLevel: "warning",
  });
  // `npm start` links the migrations beside the bundle; the production build copies them, so the artefact stands
  // alone (and a later `npm start` links them again)
  const migrations = path.join(outDir, "migrations");
  const linked = existsSync(migrations) && lstatSync(migrations).isSymbolicLink();
  if (standalone || !linked) {
    rmSync(migrations, { recursive: true, force: true });
    if (standalone) cpSync(path.join(serverDir, "src/db/migrations"), migrations, { recursive: true });
    else symlinkSync(path.join("..", "src/db/migrations"), migrations, "dir");
  }
  renameSync(staging, entry);
  return entry;
}

/**
 * The personal export's worker thread (`features/personal-export/zip-worker.ts`) as one CommonJS text with its
 * packages inside: it runs from this text (`new Worker(text, { eval: true })`), so the bundle stays one file. The
 * server run from TypeScript (tests, tools) builds it the same way when it first exports.
 */
export function buildZipWorker() {
  const { outputFiles } = buildSync({
    entryPoints: [path.join(serverDir, "src/features/personal-export/zip-worker.ts")],
    write: false,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    alias: { "@mimamori/shared": path.join(root, "packages/shared/src/index.ts") },
    logLevel: "warning",
  });
  const [out] = outputFiles ?? [];
  if (!out) throw new Error("the export worker's build wrote nothing");
  return out.text;
}

/**
 * Node's options for the server. V8 otherwise sizes its heap against the machine's memory (24 GiB here) and lets
 * garbage grow far before a full collection: a server living in ~30 MB of heap reached 285–320 MB RSS while
 * ingesting. A full collection once the old generation has grown to 2.5 times what the last one kept
 * (`--heap-growing-percent=150`) and 4 MB semi-spaces (16 by default) keep it at ~175 MB over a whole 1,000 × 365
 * ingestion and export on PostgreSQL (200 / 8 MB: 213 MB), the notifications list's p95 within its 20 ms; a hard
 * cap alone (below) made V8 collect so often that the list's p95 rose to 27–40 ms (bench/README.md, "Memory" and
 * "The list sent like the staff report").
 *
 * With the embedded database (no DATABASE_URL), its WebAssembly is run by V8's baseline compiler only
 * (`--liftoff-only`): the optimised copies of the hot functions took ~75 MB. At 100 members × 365 days the peak RSS
 * went 381 → 328 MB (target 350), ingestion ~118,000 → ~80,000 samples/s and a computed staff report's p50 19 → 24 ms
 * (bench/README.md, "Memory"); with the heap settings above the same run peaks at 284 MB.
 *
 * SERVER_HEAP_MB also caps the old generation (`--max-old-space-size`), for hosts short of memory.
 */
export function serverNodeArgs(env = process.env) {
  const heap = Number(env.SERVER_HEAP_MB);
  if (env.SERVER_HEAP_MB !== undefined && !(Number.isInteger(heap) && heap >= 128))
    throw new Error("SERVER_HEAP_MB must be a whole number of megabytes, at least 128");
  return [
    "--heap-growing-percent=150",
    "--max-semi-space-size=4",
    ...(env.DATABASE_URL ? [] : ["--liftoff-only"]),
    ...(env.SERVER_HEAP_MB ? [`--max-old-space-size=${heap}`] : []),
  ];
}

/**
 * The server's environment: `env` with glibc's malloc limited to two arenas (unless set), so the threads that
 * allocate outside V8's heap (libuv's pool: gzip, file reads; V8's helpers) do not each keep an arena of freed
 * memory: ~7 MB less at peak here.
 */
export function serverEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: "2", ...env };
}
