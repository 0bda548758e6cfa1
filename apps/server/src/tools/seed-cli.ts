import { configFromEnv } from "../config";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { demoAccountsText, seedDemo } from "./seed";

/** `npm run seed`: migrates and (re-)writes the demo data into the configured database. */
const config = configFromEnv();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
await seedDemo(database.db);
await database.close();
console.log(`Demo data written (${database.kind}).\n${demoAccountsText()}`);
