/**
 * The front door of features/webhooks/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export { createWebhookWorker, targetRulesOf } from "./deliver";
export { alertDeliveriesSql, alertSourceReturning } from "./enqueue";
export { webhookRoutes } from "./routes";
