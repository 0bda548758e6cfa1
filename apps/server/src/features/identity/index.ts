/**
 * The front door of features/identity/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export { userRoutes } from "./account/routes";
export { toUserInfo } from "./account/user-info";
export { issueEmailToken } from "./auth/email-tokens";
export { authRoutes } from "./auth/routes";
export { reauthenticate } from "./auth/service";
export { createSession } from "./auth/sessions";
export { pruneRateEvents, releaseSlots, Throttle, takeSlots } from "./auth/throttle";
