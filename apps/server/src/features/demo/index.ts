/**
 * The front door of features/demo/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly. The seed
 * itself is behind `loadDemoSeed`: the runtime loads it only when it writes demo data.
 */
export { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountsText } from "./accounts";
export { loadBandSimulator, loadDemoSeed, type SeedOptions } from "./load";
