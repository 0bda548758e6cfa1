/**
 * The front door of features/board/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export { BOARD_PARTS, type BoardPart, boardStatement } from "./board";
export { boardRoutes } from "./routes";
export { forgetMemberSnoozes } from "./snoozes";
