export * from "./access-audit";
export * from "./data-items";
export * from "./entities";
export * from "./forms";
export {
  appSecrets,
  authTokens,
  consentEvents,
  consents,
  mailOutbox,
  personalExports,
  rateEvents,
  retiredRefreshTokens,
  sessions,
  users,
} from "./identity";
export * from "./jobs";
export * from "./modules";
export * from "./notifications";
export * from "./vitals";
export * from "./webhooks";
