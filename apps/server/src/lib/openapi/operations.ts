/**
 * What the OpenAPI document cannot derive from a route (docs/architecture.md, "Adding a call"), declared by the
 * route itself: `config.operation` names its `operationId` (stable, camelCase, unique: a generated client's function
 * name), its one-line summary and what its schema does not say; the tag is the feature that answers it, given once
 * to the feature's routes plugins in app.ts (`tagged`). Registering a documented route without an operation fails
 * (document.ts).
 */

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Access } from "../access";

export interface OperationExtra {
  /** Statuses besides those derived from access and schema (400, 401, 403, 404, 413, 415, 429, 500). */
  errors?: readonly number[];
  /** A multipart/form-data upload: the file's field name, its media types and size limit. */
  upload?: { field: string; types: readonly string[]; maxBytes: number };
  /** The success answer's media types when it is not (only) JSON; the first is the default. */
  produces?: readonly string[];
  /** A longer description, for what the schema cannot show. */
  description?: string;
  /** An example of the JSON request body. */
  example?: unknown;
  /** Examples of path and query parameters, by name. */
  parameters?: Readonly<Record<string, string | number>>;
  /** An example of the JSON success answer (the answer to `example` and `parameters`). */
  answer?: unknown;
}

export interface Operation extends OperationExtra {
  /** The operationId. */
  id: string;
  summary: string;
}

/**
 * The tags, in the document's order: the folder that answers, under apps/server/src/features/: a domain (`vitals`)
 * or a part of one (`entities/members`, `identity/auth`).
 */
export const TAGS = {
  health: "Liveness, readiness and the server's public state.",
  "identity/auth": "Signing in and out, tokens, e-mail verification and passwords.",
  "identity/account": "A person's own account: registration, profile and language.",
  admin: "Administrators (super users): signing in as one and the user lists.",
  "entities/records": "Entities (organisations, path segment `workspace`) as an administrator manages them.",
  "entities/memberships":
    "A client's own memberships: invitations, the entities they belong to and their modules.",
  "entities/staff": "An entity's staff as its staff see and manage them.",
  "entities/members":
    "An entity's members (clients): the list, registration by form or CSV, approval and removal.",
  "entities/session": "A staff member's workspaces and signing in to one.",
  vitals: "Band data uploads, and how long raw samples are kept.",
  reports: "Vital data reports and their downloads, for clients, staff and administrators.",
  forms: "Questionnaires: the question bank, forms, sends and schedules, and members' answers.",
  alerts: "Alerts (wire name: notifications): settings, the list, acknowledgement and downloads.",
  "data-items": "Personal data items: the catalogue, a member's answers, files and shares, and staff reads.",
  board: "The staff watch board and snoozes.",
  "dev-mailbox": "The development mailbox (only without SMTP outside production).",
  events: "Live updates for an open staff page (server-sent events).",
  "access-audit": "The access audit: who read whose health data.",
  "account-deletion": "Closing an account and its deletion after the grace period.",
  webhooks: "Signed webhooks: an entity's endpoints, secrets, tests and delivery log (docs/webhooks.md).",
  consents: "Consent history and accepting the current terms and privacy policy.",
  "personal-export": "Export my data: a ZIP of everything about the person.",
} as const;

export type Tag = keyof typeof TAGS;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's OpenAPI operation: every documented /api route declares one. */
    operation?: Operation;
    /** Set by `tagged` on every route of a feature's plugins. */
    tag?: Tag;
  }
}

/**
 * A route's `config`: who may call it (lib/access.ts) and its operation: the operationId, a one-line summary and what
 * the route's schema cannot say (`extra`).
 */
export const call = (access: Access, id: string, summary: string, extra: OperationExtra = {}) => ({
  access,
  operation: { id, summary, ...extra },
});

/** A feature's routes plugins, registered in order, their every route under the feature's tag. */
export function tagged(tag: Tag, ...plugins: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (app) => {
    // a new config object: route configs are often shared (`const staff = { access: "staff" }`)
    app.addHook("onRoute", (route) => {
      route.config = { ...route.config, tag };
    });
    for (const plugin of plugins) await app.register(plugin);
  };
}

/** The answer when the current state does not allow the call. */
export const CONFLICT = { errors: [409] } as const;

/** A data item's image or PDF (features/data-items). */
export const IMAGE_UPLOAD = {
  field: "image",
  types: ["image/jpeg", "image/png", "image/webp", "application/pdf"],
  maxBytes: 10 * 1024 * 1024,
} as const;

/** The band upload's example body: two heart-rate samples and a sleep record (guide.ts shows it in curl). */
export const BAND_UPLOAD_EXAMPLE = {
  samples: [
    { code: "00005091", time: "2026-11-26T09:00:00+09:00", value: 72 },
    { code: "00005091", time: "2026-11-26T09:01:00+09:00", value: 75 },
  ],
  sleep: [{ start: "2026-11-26T01:00:00+09:00", end: "2026-11-26T02:30:00+09:00", stage: "light" }],
} as const;
