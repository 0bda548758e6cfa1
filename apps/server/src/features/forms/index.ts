/**
 * The front door of features/forms/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export { checkAnswers } from "./answer-rules";
export { forgetMemberRequests } from "./recipient-list";
export { formReminderJob } from "./reminder-job";
export { formsRoutes } from "./routes";
export { dueSlot, formScheduleJob } from "./schedule-job";
export { scheduleRoutes } from "./schedule-routes";
