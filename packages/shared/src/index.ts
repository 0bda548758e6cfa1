export * from "./constants";
export * from "./language";
export * from "./messages";
export * from "./schemas/auth";
export * from "./schemas/common";
export * from "./schemas/entities";
export * from "./schemas/user";
