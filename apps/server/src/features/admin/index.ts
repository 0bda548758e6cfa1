/**
 * The front door of features/admin/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export { adminRoutes } from "./routes";
export { ADMIN_PASSWORD_MIN_LENGTH, AdminInputError, checkSuperUser, createSuperUser } from "./super-user";
