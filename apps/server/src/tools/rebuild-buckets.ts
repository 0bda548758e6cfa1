import { configFromEnv } from "../config";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { rebuildAll } from "../features/vitals/rebuild";

/**
 * `npm run rebuild-buckets`: recomputes every user's hour, day and month buckets and sleep sessions from the
 * raw samples and segments, one transaction per user (ingestion for that user waits meanwhile). On the
 * embedded database stop the server first: PGlite opens a data folder from one process only.
 */
const config = configFromEnv();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
const t0 = performance.now();
const n = await rebuildAll(database.db, (done) => process.stdout.write(`\r${done} users rebuilt`));
console.log(`\nRebuilt the buckets of ${n} users in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
await database.close();
