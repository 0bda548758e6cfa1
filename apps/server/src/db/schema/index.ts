export * from "./entities";
export { appSecrets, authTokens, consents, mailOutbox, rateEvents, sessions, users } from "./identity";
export * from "./modules";
export * from "./vitals";
