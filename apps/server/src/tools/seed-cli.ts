import { demoAccountsText, loadDemoSeed } from "../features/demo";
import { openConfiguredDatabase, toolConfig } from "../startup";

/**
 * `npm run seed`: migrates and (re-)writes the demo data into the configured database: asked for explicitly,
 * so also on PostgreSQL and in production (a start seeds only the embedded quick start; see startup.ts).
 */
const database = await openConfiguredDatabase(toolConfig());
await (await loadDemoSeed()).seedDemo(database.db);
await database.close();
console.log(
  `Demo data written (${database.kind}).\n${demoAccountsText()}\nThese accounts and their password are public: use this database for trying Mimamori only.`,
);
