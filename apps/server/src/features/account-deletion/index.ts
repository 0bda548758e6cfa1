/**
 * The front door of features/account-deletion/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export { accountDeletionJob } from "./job";
export { purgeAccount } from "./purge";
export { accountDeletionRoutes } from "./routes";
