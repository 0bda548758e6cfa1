import { rebuildAll } from "../features/vitals";
import { openConfiguredDatabase, toolConfig } from "../startup";

/**
 * `npm run rebuild-buckets`: recomputes every user's hour, day and month buckets and sleep sessions from the
 * raw samples and segments, one transaction per user (ingestion for that user waits meanwhile). On the
 * embedded database stop the server first: it holds the data folder's lock (PGlite opens a folder from one
 * process only), and this tool is refused while it runs.
 */
const database = await openConfiguredDatabase(toolConfig());
const t0 = performance.now();
const n = await rebuildAll(database.db, (done) => process.stdout.write(`\r${done} users rebuilt`));
console.log(`\nRebuilt the buckets of ${n} users in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
await database.close();
