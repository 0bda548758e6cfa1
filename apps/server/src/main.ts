import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { type AppConfig, checkServerConfig, configFromEnv } from "./config";
import {
  accountsText,
  damageOf,
  exitOnStartupError,
  FIRST_START_LOCK,
  openConfiguredDatabase,
  type PreparedData,
  prepareData,
} from "./startup";

let config: AppConfig;
try {
  config = configFromEnv({
    WEB_DIST: fileURLToPath(new URL("../../web/dist", import.meta.url)),
    ...process.env,
  });
  checkServerConfig(config);
} catch (err) {
  exitOnStartupError(err);
}
// the embedded database's folder is locked until shutdown (db/lock.ts): a second server is refused here
const database = await openConfiguredDatabase(config);
let data: PreparedData;
try {
  // servers started at once on one PostgreSQL take turns: the first seeds the demo (or creates ADMIN_EMAIL), the
  // others find it done
  data = await database.exclusively(FIRST_START_LOCK, () => prepareData(config, database.db));
} catch (err) {
  exitOnStartupError(damageOf(database, err));
}

const app = await buildApp(config, { database, demoAccounts: data.demo });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  // new calls are answered 503 at once (readiness too); calls under way get the time limit, then are cut
  const limitS = config.shutdownTimeoutS ?? 25;
  const cut = setTimeout(() => {
    app.log.warn({ limitS }, "shutdown time limit reached: ending open streams and downloads");
    app.server.closeAllConnections();
  }, limitS * 1000);
  cut.unref();
  await app.close();
  clearTimeout(cut);
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
console.log(`
Mimamori is running at ${config.appUrl}
Database: ${where}${data.seeded ? " — demo data seeded" : ""}
Mail: ${config.smtpUrl ? "SMTP (SMTP_URL)" : config.production ? "NOT DELIVERED — set SMTP_URL (production keeps no links in logs)" : `development mailbox at ${config.appUrl}/staff/mailbox and /admin/mailbox`}
Background jobs (recurring sends, reminders, queued mail): ${config.jobs ? "on" : "off (JOBS=off)"}
${accountsText(data)}
`);
