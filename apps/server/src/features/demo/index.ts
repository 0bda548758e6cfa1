/**
 * The front door of features/demo/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountsText, isEmpty, type SeedOptions, seedDemo } from "./seed";
export { loadUser } from "./simulator";
