/**
 * The front door of features/data-items/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export { processUpload, shownFileName } from "./image-processing";
export { ensureItems } from "./items";
export { dataItemRoutes } from "./routes";
