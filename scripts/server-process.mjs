// How the server process is started (`npm start`, bench/): one place for its Node options.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * SERVER_HEAP_MB caps the server's old generation (V8's `--max-old-space-size`), for hosts short of memory. V8
 * otherwise sizes its heap against the machine's memory and lets garbage grow before a full collection: a server
 * living in ~45 MB of heap reached 320 MB RSS while ingesting. With 192 it stayed under 200 MB at the same rate, but
 * its full collections come often enough to show in the tail of large answers (the notifications list of 10,000
 * alerts: p95 22 → 36 ms), so it is off by default (bench/README.md, "Memory").
 */
export function serverNodeArgs(env = process.env) {
  const heap = Number(env.SERVER_HEAP_MB);
  if (env.SERVER_HEAP_MB !== undefined && !(Number.isInteger(heap) && heap >= 128))
    throw new Error("SERVER_HEAP_MB must be a whole number of megabytes, at least 128");
  return [...(env.SERVER_HEAP_MB ? [`--max-old-space-size=${heap}`] : []), "--import", "tsx"];
}
export const SERVER_ENTRY = path.join(root, "apps/server/src/main.ts");
