import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { exitOnStartupError, toolConfig } from "../startup";
import { argPath, writeFileDurably } from "./backup-file";

/**
 * `npm run backup -- [FILE]`: writes the embedded database of DATA_DIR to a .tar.gz file (PGlite's
 * `dumpDataDir`), by default `mimamori-backup-<time>.tar.gz` in the current folder. It takes the data folder's
 * lock like the server, so stop the server first. On PostgreSQL use pg_dump (README).
 */
const { positionals } = parseArgs({ allowPositionals: true });
const config = toolConfig();
if (config.databaseUrl) {
  console.error("DATABASE_URL is set: back up PostgreSQL with pg_dump (see README, Backup and restore).");
  process.exit(2);
}
if (!existsSync(path.join(config.dataDir, "PG_VERSION"))) {
  console.error(
    `There is no embedded database in ${config.dataDir} (set DATA_DIR to the server's data folder).`,
  );
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
const file = argPath(positionals[0] ?? `mimamori-backup-${stamp}.tar.gz`);
if (existsSync(file)) {
  console.error(`${file} exists already: choose another file name.`);
  process.exit(1);
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ dataDir: config.dataDir });
} catch (err) {
  exitOnStartupError(err);
}
// the data files then hold every committed change (the dump also carries the WAL, so this only shortens recovery)
await database.db.execute(sql`checkpoint`);
const client = (database.db as unknown as { $client: { dumpDataDir(c: "gzip"): Promise<Blob> } }).$client;
const dump = Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer());
await database.close();
writeFileDurably(file, dump);
console.log(`Backed up ${config.dataDir} to ${file} (${(dump.length / 1024 / 1024).toFixed(1)} MB).`);
console.log(`Restore it with: DATA_DIR=<empty or new folder> npm run restore -- ${file}`);
