/**
 * The front door of features/entities/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export { memberRoutes } from "./members/routes";
export { membershipRoutes } from "./memberships/routes";
export { entityRoutes } from "./records/routes";
export { staffSessionRoutes } from "./session/routes";
export { entityStaffRoutes } from "./staff/routes";
