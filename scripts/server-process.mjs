// How the server process is started (`npm start`, bench/): one place for its Node options.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Node's arguments for the server. The old generation is capped at 192 MB: V8 otherwise lets garbage grow the
 * heap towards its default limit (a quarter of the machine's memory) before collecting, and a server that lives
 * in ~45 MB of heap reached 320 MB of RSS while ingesting; with the cap it stays under 200 MB at the same
 * throughput (bench/README.md, "Memory"). The work the server does is bounded (batches, pages, streamed exports,
 * 32 MB of kept answers), so the cap leaves it about four times its working heap.
 */
export const SERVER_NODE_ARGS = ["--max-old-space-size=192", "--import", "tsx"];
export const SERVER_ENTRY = path.join(root, "apps/server/src/main.ts");
