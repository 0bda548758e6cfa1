export * from "./entities";
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
export * from "./modules";
export * from "./vitals";
