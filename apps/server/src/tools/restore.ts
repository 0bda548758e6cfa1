import { mkdirSync, readdirSync, renameSync } from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, rows } from "../db/client";
import { DataDirLockedError, LOCK_FILE } from "../db/lock";
import { users } from "../db/schema";
import { exitOnStartupError, toolConfig } from "../startup";
import { argPath, readBackup } from "./backup-file";

/**
 * `npm run restore -- [--replace] FILE`: loads a backup made by `npm run backup` into DATA_DIR, which must be
 * empty or missing; with --replace the database there is moved aside to `<DATA_DIR>.before-restore-<time>`
 * first (never deleted). Takes the folder's lock like the server: refused while a server uses the folder.
 */
const usage = "usage: DATA_DIR=<folder> npm run restore -- [--replace] <backup.tar.gz>";
const { values: o, positionals } = parseArgs({
  options: { replace: { type: "boolean", default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}
const config = toolConfig();
if (config.databaseUrl) {
  console.error("DATABASE_URL is set: restore PostgreSQL with pg_restore (see README, Backup and restore).");
  process.exit(2);
}
const file = argPath(positionals[0] as string);
let backup: Buffer;
try {
  backup = readBackup(file);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const dir = config.dataDir;
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
const aside = `${dir}.before-restore-${stamp}`;
let movedAside = false;

/** Under the folder's lock: the folder must be empty, or (with --replace) its contents go to `aside`. */
function emptyFolder(locked: string) {
  const entries = readdirSync(locked).filter((e) => e !== LOCK_FILE);
  if (entries.length === 0) return;
  if (!o.replace) {
    console.error(
      `${locked} is not empty. Restore into an empty or new folder (DATA_DIR=…), or pass --replace to move its contents to ${aside} and restore in their place.`,
    );
    process.exit(1);
  }
  try {
    mkdirSync(aside);
    for (const e of entries) renameSync(`${locked}/${e}`, `${aside}/${e}`);
  } catch (err) {
    console.error(
      `Could not move the contents of ${locked} aside to ${aside} (${(err as Error).message}). Empty the folder yourself and run the restore again.`,
    );
    process.exit(1);
  }
  movedAside = true;
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({
    dataDir: dir,
    pgliteLoadDataDir: new Blob([new Uint8Array(backup)]),
    beforeOpen: emptyFolder,
  });
} catch (err) {
  if (err instanceof DataDirLockedError) exitOnStartupError(err);
  console.error(`The restore into ${dir} failed: ${(err as Error).message}`);
  console.error(
    movedAside
      ? `The folder may hold a partial copy now; the database that was there is in ${aside}.`
      : "The folder may hold a partial copy now: empty it before trying again.",
  );
  process.exit(1);
}
const accounts = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from ${users}`).then(
  ([r]) => `${r?.n ?? 0} account${r?.n === 1 ? "" : "s"}`,
  () => "no accounts table yet",
);
await database.close();
console.log(`Restored ${file} into ${dir} (${accounts}).`);
if (movedAside) console.log(`The database that was there is in ${aside}.`);
console.log("Start the server as usual; it applies any newer migrations.");
