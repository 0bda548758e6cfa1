import type { AppConfig } from "../config";
import type { Database, Db } from "../db/client";
import type { Clock } from "../jobs/clock";
import type { IdTokens } from "./id-tokens";
import type { Mailer } from "./mail/mailer";
import type { Metrics } from "./metrics";

/** What feature routes need from the app; one instance per app. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  mailer: Mailer;
  idTokens: IdTokens;
  /** The app's metrics (lib/metrics.ts); absent with METRICS=off and in contexts tools and tests build by hand. */
  metrics?: Metrics;
  /**
   * The time of rules that span days (an account's deletion grace period): the manual clock a test passes to
   * `buildApp` (the one its jobs see); absent: the system clock.
   */
  clock?: Clock;
}
