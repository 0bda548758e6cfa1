import path from "node:path";
import { RAW_RETENTION_DEFAULT_DAYS, RAW_RETENTION_MAX_DAYS, RAW_RETENTION_MIN_DAYS } from "@mimamori/shared";
import { z } from "zod";
import { RATE_LIMIT_DEFAULTS, type RateLimits } from "./lib/rate-limits";

/** The port `npm start` listens on without PORT (the integrators' page's examples use it). */
export const DEFAULT_PORT = 3000;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Mimamori <no-reply@mimamori.example>"),
  APP_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.stringbool().default(false),
  NODE_ENV: z.string().optional(),
  SEED_DEMO: z.stringbool().optional(),
  JOBS: z.enum(["on", "off"]).default("on"),
  ALERT_EVALUATION: z.enum(["on", "off"]).default("on"),
  AUDIT_RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(5),
  PACK_SAMPLES: z.enum(["on", "off"]).default("on"),
  RAW_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(RAW_RETENTION_MIN_DAYS)
    .max(RAW_RETENTION_MAX_DAYS)
    .default(RAW_RETENTION_DEFAULT_DAYS),
  FORM_MAILS_PER_DAY: z.coerce.number().int().min(1).max(100).default(5),
  SHUTDOWN_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(25),
  METRICS: z.enum(["on", "off"]).default("on"),
  METRICS_TOKEN: z.union([z.literal(""), z.string().min(16)]).optional(),
  RATE_LIMIT_BAND_UPLOADS: z.coerce.number().int().min(0).default(RATE_LIMIT_DEFAULTS.bandUploads),
  RATE_LIMIT_FILE_UPLOADS: z.coerce.number().int().min(0).default(RATE_LIMIT_DEFAULTS.fileUploads),
  RATE_LIMIT_EXPORTS: z.coerce.number().int().min(0).default(RATE_LIMIT_DEFAULTS.exports),
  RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).max(86_400).default(RATE_LIMIT_DEFAULTS.windowS),
  WEBHOOK_ALLOW_HTTP: z.stringbool().optional(),
  WEBHOOK_ALLOW_PRIVATE: z.stringbool().default(false),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_NAME: z.string().optional(),
});

/** Every environment variable the server reads (.env.example lists them all: deploy-files.test.ts). */
export const SERVER_ENV = Object.keys(envSchema.shape);

export interface AppConfig {
  port: number;
  host: string;
  /** Folder of the embedded database; ignored when `databaseUrl` is set. */
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Public base URL used in e-mail links. */
  appUrl: string;
  authSecret?: string;
  logLevel: string;
  /** Readable log lines (pino-pretty) for a developer's terminal; JSON lines otherwise, for log collectors. */
  logPretty?: boolean;
  /** Built web app to serve; none in API-only runs. */
  webDist?: string;
  trustProxy: boolean;
  /** NODE_ENV=production or a PostgreSQL server: no demo data unless asked, AUTH_SECRET required (set by configFromEnv). */
  production?: boolean;
  /**
   * Run the background jobs (recurring form sends, reminders, the mail outbox worker). On for `npm start`
   * (JOBS=off turns them off, e.g. for a second instance that should only answer requests); off when absent,
   * so API tests run none unless they ask for them.
   */
  jobs?: boolean;
  /**
   * Judge uploads for alerts in the ingest transaction (docs/decisions.md, "Alerts (issue 11)"). On unless false
   * (ALERT_EVALUATION=off): only bench/alerts.ts turns it off, to measure what it costs.
   */
  alertEvaluation?: boolean;
  /**
   * How long a shutdown (SIGTERM) waits for requests under way (SHUTDOWN_TIMEOUT_S, default 25: within the 30 s an
   * orchestrator gives before it kills): then open streams and downloads are cut and the server exits.
   */
  shutdownTimeoutS?: number;
  /**
   * Metrics at `/api/metrics` and request ids from X-Request-Id (on unless false: METRICS=off, which only
   * bench/metrics.ts sets, to measure what they cost; then Fastify numbers requests as before issue 31).
   */
  metrics?: boolean;
  /** The bearer token `/api/metrics` asks for (METRICS_TOKEN, 16 characters or more); without one it answers 404. */
  metricsToken?: string;
  /** The per-client limits on uploads and exports (RATE_LIMIT_*; lib/rate-limits.ts has the defaults). */
  rateLimits?: RateLimits;
  /** How long the access audit keeps a row (years; AUDIT_RETENTION_YEARS, default 5): the job runner removes older ones. */
  auditRetentionYears?: number;
  /**
   * Days raw band samples are kept for a person none of whose entities has its own setting (RAW_RETENTION_DAYS,
   * default 90): the job runner removes older ones (features/vitals/retention.ts); the aggregates stay.
   */
  rawRetentionDays?: number;
  /**
   * The job packing closed days of raw samples (features/vitals/pack.ts; on unless false: PACK_SAMPLES=off, which
   * bench/vitals.ts sets to pack and time it itself).
   */
  packSamples?: boolean;
  /**
   * On the embedded database, the first check of which tables need a vacuum or an analyze comes this long after
   * start (db/maintenance.ts `FIRST_CHECK_MS` by default), the next ones every minute. The test apps keep it at a
   * minute, as before, so that their own writes are not analyzed under the tests' feet.
   */
  vacuumFirstCheckMs?: number;
  /**
   * Form-request mails one member gets a day at most (FORM_MAILS_PER_DAY, default 5); further requests of the
   * day are named in one digest mail the next morning (features/forms/mail-cap.ts).
   */
  formMailsPerDay?: number;
  /**
   * Webhook endpoints may be http:// (WEBHOOK_ALLOW_HTTP; default: outside production only). Production accepts
   * https:// only unless this is set.
   */
  webhookAllowHttp?: boolean;
  /**
   * Webhook endpoints may be private, loopback or link-local addresses (WEBHOOK_ALLOW_PRIVATE, default false:
   * features/webhooks/target.ts). Tests set it for their local receiver.
   */
  webhookAllowPrivate?: boolean;
  /** Write the demo accounts at a first start (empty database). */
  seedDemo?: boolean;
  /** A super user to create at start when no account has this e-mail (ADMIN_EMAIL, ADMIN_PASSWORD). */
  firstAdmin?: { email: string; password: string; name: string };
}

/** The environment asks for something the server refuses to start with; the message says what to do. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** A production installation: NODE_ENV=production, or a PostgreSQL server (DATABASE_URL). */
export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === "production" || !!env.DATABASE_URL;
}

const SECRET_HINT =
  'Generate one (at least 32 characters), e.g.  export AUTH_SECRET="$(openssl rand -base64 48)"';

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success)
    throw new ConfigError(
      parsed.error.issues
        .map(
          (i) => `${i.path.join(".")}: ${i.message}${i.path[0] === "AUTH_SECRET" ? `\n${SECRET_HINT}` : ""}`,
        )
        .join("\n"),
    );
  const e = parsed.data;
  // (ADMIN_PASSWORD alone is the password of `npm run create-admin` in automation)
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD)
    throw new ConfigError(
      "ADMIN_EMAIL needs ADMIN_PASSWORD: set both to create the first super user at start.",
    );
  const production = isProduction(env);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    authSecret: e.AUTH_SECRET,
    logLevel: e.LOG_LEVEL,
    logPretty: (e.LOG_FORMAT ?? (e.NODE_ENV === "development" ? "pretty" : "json")) === "pretty",
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    production,
    seedDemo: e.SEED_DEMO ?? !production,
    jobs: e.JOBS === "on",
    alertEvaluation: e.ALERT_EVALUATION === "on",
    auditRetentionYears: e.AUDIT_RETENTION_YEARS,
    rawRetentionDays: e.RAW_RETENTION_DAYS,
    packSamples: e.PACK_SAMPLES === "on",
    formMailsPerDay: e.FORM_MAILS_PER_DAY,
    shutdownTimeoutS: e.SHUTDOWN_TIMEOUT_S,
    metrics: e.METRICS === "on",
    metricsToken: e.METRICS_TOKEN || undefined,
    rateLimits: {
      bandUploads: e.RATE_LIMIT_BAND_UPLOADS,
      fileUploads: e.RATE_LIMIT_FILE_UPLOADS,
      exports: e.RATE_LIMIT_EXPORTS,
      windowS: e.RATE_LIMIT_WINDOW_S,
    },
    webhookAllowHttp: e.WEBHOOK_ALLOW_HTTP ?? !production,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    firstAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME || "Admin" }
        : undefined,
  };
}

/**
 * What the server (not the tools) needs besides a valid environment: in production the key that signs id tokens
 * comes from AUTH_SECRET, never from the key the embedded quick start keeps in the database (and every backup).
 */
export function checkServerConfig(config: AppConfig): void {
  if (config.production && !config.authSecret)
    throw new ConfigError(
      [
        `AUTH_SECRET is required ${config.databaseUrl ? "with DATABASE_URL" : "with NODE_ENV=production"}: the key that`,
        "signs sign-in tokens must come from the environment, not from the database, where every backup would carry it.",
        `${SECRET_HINT}, and keep it with your other secrets.`,
      ].join("\n"),
    );
}
