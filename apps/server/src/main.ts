import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { configFromEnv } from "./config";
import { openDatabase } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { demoAccountsText, isEmpty, seedDemo } from "./tools/seed";

const config = configFromEnv({
  WEB_DIST: fileURLToPath(new URL("../../web/dist", import.meta.url)),
  ...process.env,
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
const firstStart = await isEmpty(database.db);
if (firstStart) await seedDemo(database.db);

const app = await buildApp(config, { database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
console.log(`
Mimamori is running at ${config.appUrl}
Database: ${where}${firstStart ? " — demo data seeded" : ""}
Mail: ${config.smtpUrl ? "SMTP (SMTP_URL)" : "dev outbox (links are printed in the log)"}
${demoAccountsText()}
`);
