/**
 * The front door of features/access-audit/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export { auditRetentionJob } from "./retention-job";
export { accessAuditRoutes } from "./routes";
