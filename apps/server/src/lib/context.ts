import type { AppConfig } from "../config";
import type { Database, Db } from "../db/client";
import type { IdTokens } from "./id-tokens";
import type { Mailer } from "./mail/mailer";

/** What feature routes need from the app; one instance per app. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  mailer: Mailer;
  idTokens: IdTokens;
}
