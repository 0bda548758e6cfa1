/**
 * The front door of features/alerts/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export { alertDigestJob } from "./engine/digest";
export { evaluateBatch } from "./engine/evaluate";
export { forgetMemberAlertStates } from "./engine/forget";
export { alertIngestHook, registerAlertJobs } from "./engine/jobs";
export { notificationsUrl, reportUrl, staffRecipients } from "./engine/mails";
export { sweepSyncGaps } from "./engine/sync-sweep";
export { aboutCurrentMember } from "./list";
export { mailStatus } from "./record";
export { alertRoutes } from "./routes";
export { readAlertSettings } from "./settings-store";
