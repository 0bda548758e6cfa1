/**
 * The front door of features/consents/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export { consentHistory } from "./queries";
export { recordConsentEvents, recordShareEvent } from "./record";
export { consentRoutes } from "./routes";
