export * from "./access-audit";
export * from "./data-items";
export * from "./entities";
export * from "./forms";
export {
  appSecrets,
  authTokens,
  consents,
  mailOutbox,
  rateEvents,
  retiredRefreshTokens,
  sessions,
  users,
} from "./identity";
export * from "./jobs";
export * from "./modules";
export * from "./notifications";
export * from "./vitals";
