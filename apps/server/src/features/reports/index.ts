/**
 * The front door of features/reports/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export { adminExportRoutes } from "./admin-routes";
export { clientReportRoutes } from "./client-routes";
export { viewOf } from "./present";
export { effectiveRanges, forgetMemberTunings, type Tuning } from "./ranges";
export { openWindowEnd } from "./staff-report";
export { staffReportRoutes } from "./staff-routes";
