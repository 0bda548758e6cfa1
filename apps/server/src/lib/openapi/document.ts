import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import * as shared from "@mimamori/shared";
import { ERRORS, MESSAGES, webhookEventSchema } from "@mimamori/shared";
import type { FastifyInstance, RouteOptions } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Access } from "../access";
import { LIMITED_ROUTES } from "../rate-limits";
import { type GuideInput, integratorsGuide } from "./guide";
import { type Operation, TAGS } from "./operations";

/* The OpenAPI document at /api/docs (docs/decisions.md, "The OpenAPI document"): paths and schemas from the
 * routes' zod schemas (fastify-type-provider-zod), the rest derived here from each route's access and schema,
 * and what cannot be derived from the operation each route declares (operations.ts). */

type Json = Record<string, unknown>;

/** One bearer scheme per role of `config.access` (public routes: none). */
const SECURITY: Record<Exclude<Access, "public">, [name: string, description: string]> = {
  user: [
    "userToken",
    "The id token of a signed-in person with a verified e-mail address (POST /api/auth/sign-in).",
  ],
  staff: [
    "staffToken",
    "The id token of an accepted staff member of the entity named by the `workspace` path (or query) parameter.",
  ],
  "super-user": ["adminToken", "The id token of an administrator (super user)."],
};

const WEBHOOK_EVENT = "WebhookEvent";

/** The shared error answers, one per status, named `components.responses`. */
const ERROR_RESPONSES: Record<number, [name: string, text: string]> = {
  400: ["BadRequest", "The request cannot be carried out as sent (validation)."],
  401: ["Unauthorized", "No valid id token."],
  403: ["Forbidden", "The caller may not do this (role, unverified e-mail, terms to accept)."],
  404: ["NotFound", "Nothing the caller may see has this id."],
  409: ["Conflict", "The current state does not allow it."],
  413: ["PayloadTooLarge", "The body or file is too large."],
  415: ["UnsupportedMediaType", "The body's or file's type is not accepted."],
  429: ["TooManyRequests", "Too many calls; `Retry-After` says when to try again."],
  500: ["ServerError", "An unexpected failure (logged with the request id)."],
  503: ["ServiceUnavailable", "Not ready or not available now."],
};

/** The codes each status answers (packages/shared/src/errors.ts); a validation message not listed there is 400. */
function codesByStatus(): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const code of Object.keys(MESSAGES)) {
    const status = (ERRORS as Record<string, number>)[code] ?? 400;
    out.set(status, [...(out.get(status) ?? []), code]);
  }
  return out;
}

const RATE_LIMITED = new Set(LIMITED_ROUTES.map((l) => l.route));

const isApi = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/docs");
/** The documented operations: `/api` routes but the docs' own and those hidden by their schema. */
const isDocumented = (route: RouteOptions) =>
  isApi(route.url) && !(route.schema as { hide?: boolean } | undefined)?.hide;

/** `/api/x/:id` → `/api/x/{id}` (the document's path). */
export const openapiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

interface OperationMeta {
  key: string;
  operation: Operation;
  access: Access;
  hasBody: boolean;
  hasParams: boolean;
}

const ZOD_EXPORT_NAMES = new Map<unknown, string>();
for (const [name, value] of Object.entries(shared).sort(([a], [b]) => a.localeCompare(b)))
  if (value instanceof z.ZodType && /Schema$/.test(name) && !ZOD_EXPORT_NAMES.has(value))
    ZOD_EXPORT_NAMES.set(value, name);

/** The shared contracts a zod schema reaches (itself included). */
function sharedContracts(
  schema: unknown,
  found = new Set<unknown>(),
  seen = new Set<unknown>(),
): Set<unknown> {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return found;
  seen.add(schema);
  if (ZOD_EXPORT_NAMES.has(schema)) found.add(schema);
  const def = (schema as unknown as { _zod: { def: Json } })._zod.def;
  for (const [key, value] of Object.entries(def)) {
    if (key === "shape" && value && typeof value === "object")
      for (const v of Object.values(value)) sharedContracts(v, found, seen);
    else if (Array.isArray(value)) for (const v of value) sharedContracts(v, found, seen);
    else sharedContracts(value, found, seen);
  }
  return found;
}

/**
 * Names the shared contracts (object schemas and unions exported by @mimamori/shared) that appear in the bodies
 * or answers of more than one operation: `fooBarSchema` → component `FooBar` (`FooBarInput` where it is read).
 */
function nameSharedContracts(routes: RouteOptions[], registry: z.core.$ZodRegistry<{ id: string }>) {
  const uses = new Map<unknown, number>();
  const roots = new Set<unknown>();
  for (const route of routes) {
    if (!isApi(route.url) || !route.schema) continue;
    const { body, response, params, querystring } = route.schema as Json;
    roots.add(params);
    roots.add(querystring);
    const found = new Set<unknown>();
    sharedContracts(body, found);
    for (const r of Object.values((response as Json | undefined) ?? {})) sharedContracts(r, found);
    const methods = [route.method].flat().filter((m) => m !== "HEAD").length;
    for (const s of found) uses.set(s, (uses.get(s) ?? 0) + methods);
  }
  // the body of a webhook delivery, the callback of the routes that add an endpoint (issue 31 §6)
  const names = new Set<string>([WEBHOOK_EVENT]);
  registry.add(webhookEventSchema, { id: WEBHOOK_EVENT });
  for (const [schema, count] of uses) {
    const type = (schema as { _zod: { def: { type: string } } })._zod.def.type;
    if (count < 2 || roots.has(schema) || (type !== "object" && type !== "union")) continue;
    const exported = ZOD_EXPORT_NAMES.get(schema) as string;
    const name = exported[0]?.toUpperCase() + exported.slice(1).replace(/Schema$/, "");
    if (names.has(name) || names.has(`${name}Input`) || name.endsWith("Input")) continue;
    names.add(name);
    registry.add(schema as z.ZodType, { id: name });
  }
}

const ROUTES = new WeakMap<FastifyInstance, RouteOptions[]>();
/** The routes an app's document describes, with their zod schemas (openapi.test.ts checks the examples with them). */
export const documentedRoutes = (app: FastifyInstance): readonly RouteOptions[] => ROUTES.get(app) ?? [];

/** The path of an operation by its operationId (`uploadVitals` → `/api/user/vitals`), among the routes given. */
export const operationPaths =
  (routes: readonly RouteOptions[]) =>
  (operationId: string): string => {
    const route = routes.find((r) => r.config?.operation?.id === operationId);
    if (!route) throw new Error(`no operation ${operationId}`);
    return route.url;
  };

/**
 * Registers @fastify/swagger and its UI at /api/docs with the document built as described above; its
 * `info.description` is the integrators' page (guide.ts).
 */
export async function registerOpenApi(
  app: FastifyInstance,
  version: string,
  guide: GuideInput,
): Promise<void> {
  const routes: RouteOptions[] = [];
  ROUTES.set(app, routes);
  app.addHook("onRoute", (route) => {
    // like access control's refusal of a route without `config.access`: each call is declared once, with its route
    if (isDocumented(route) && !route.config?.operation)
      throw new Error(
        `Route ${route.method} ${route.url} does not declare its OpenAPI operation (config.operation)`,
      );
    routes.push(route);
  });
  const registry = z.registry<{ id: string }>();
  const zodTransform = createJsonSchemaTransform({ schemaRegistry: registry });
  const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: registry });
  const metaOf = new Map<string, OperationMeta>();
  let named = false;

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Mimamori API",
        version,
        // written with the document (transformObject), once every route is known: the page names their paths
        description: "",
        license: { name: "Proprietary" },
      },
      servers: [{ url: "/", description: "This server" }],
      components: {
        securitySchemes: Object.fromEntries(
          Object.values(SECURITY).map(([name, description]) => [
            name,
            { type: "http" as const, scheme: "bearer", bearerFormat: "JWT", description },
          ]),
        ),
      },
    },
    transform: (doc) => {
      if (!named) {
        nameSharedContracts(routes, registry);
        named = true;
      }
      const { route, url } = doc;
      if (!isDocumented(route)) return { schema: { hide: true } as never, url };
      const out = zodTransform(doc);
      const access = route.config?.access ?? "public";
      const schema = (out.schema ?? {}) as Json;
      const operation = route.config?.operation as Operation; // onRoute refused a route without one
      const tag = route.config?.tag;
      if (!tag) throw new Error(`Route ${url} has no tag: register its plugin with tagged() in app.ts`);
      for (const method of [route.method].flat()) {
        metaOf.set(`${method.toLowerCase()} ${openapiPath(url)}`, {
          key: `${method} ${url}`,
          operation,
          access,
          hasBody: Boolean(route.schema?.body),
          hasParams: /:\w/.test(url),
        });
        Object.assign(schema, {
          operationId: operation.id,
          summary: operation.summary,
          tags: [tag],
          security: access === "public" ? [] : [{ [SECURITY[access][0]]: [] }],
        });
      }
      return { schema, url };
    },
    transformObject: (input) => {
      const doc = finish(zodTransformObject(input) as Json, metaOf);
      (doc.info as Json).description = integratorsGuide(guide, operationPaths(routes));
      return doc;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
}

/** The error statuses an operation can answer, from its access and schema and its declared `errors`. */
function errorStatuses(meta: OperationMeta, method: string): number[] {
  const { operation } = meta;
  const statuses = new Set<number>([400, 500]); // lib/input-guard.ts checks every request's query and body
  if (meta.access !== "public") for (const s of [401, 403]) statuses.add(s);
  if (meta.hasParams) statuses.add(404);
  if (meta.hasBody || operation.upload) for (const s of [413, 415]) statuses.add(s);
  if (RATE_LIMITED.has(meta.key)) statuses.add(429);
  for (const s of operation.errors ?? []) statuses.add(s);
  if (method === "get" && !meta.hasParams && meta.access === "public") statuses.delete(404);
  return [...statuses].sort((a, b) => a - b);
}

const SUCCESS_TEXT: Record<string, string> = { "200": "OK", "201": "Created", "204": "No content" };

function finish(doc: Json, metaOf: Map<string, OperationMeta>): Json {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const components = doc.components as Json;
  const byStatus = codesByStatus();
  const allCodes = [...byStatus.values()].flat().sort();
  components.schemas = {
    ...(components.schemas as Json),
    Error: {
      type: "object",
      description: "The one error shape of the API.",
      properties: {
        detail: { type: "string", description: "The message in the caller's language (Accept-Language)." },
        code: {
          type: "string",
          enum: allCodes,
          description: "Stable code (packages/shared/src/messages.ts).",
        },
        field: { type: "string", description: "The input field at fault, when there is one." },
      },
      required: ["detail", "code"],
    },
  };
  const errorBody = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
  components.responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, [name, text]]) => [
      name,
      {
        description: `${text} \`code\`: ${(byStatus.get(Number(status)) ?? ["unknown-error"]).join(", ")}.`,
        content: errorBody,
        ...(status === "429"
          ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } } }
          : {}),
      },
    ]),
  );
  doc.tags = Object.entries(TAGS).map(([name, description]) => ({ name, description }));

  for (const [path, item] of Object.entries(paths))
    for (const [method, operation] of Object.entries(item)) {
      const meta = metaOf.get(`${method} ${path}`);
      if (!meta) continue;
      const responses = operation.responses as Record<string, Json>;
      for (const [status, response] of Object.entries(responses))
        if (response.description === "Default Response")
          response.description = SUCCESS_TEXT[status] ?? "Success";
      for (const status of errorStatuses(meta, method)) {
        const named = ERROR_RESPONSES[status];
        if (named) responses[status] = { $ref: `#/components/responses/${named[0]}` };
      }
      describeCallbacks(operation);
      const declared = meta.operation;
      if (declared.produces) {
        const ok = Object.keys(responses).find((s) => s.startsWith("2")) ?? "200";
        const okResponse = (responses[ok] ?? { description: "OK" }) as Json;
        const json = (okResponse.content as Json | undefined)?.["application/json"];
        okResponse.content = Object.fromEntries(
          declared.produces.map((type) => [
            type,
            type === "application/json" && json ? json : { schema: { type: "string", format: "binary" } },
          ]),
        );
        responses[ok] = okResponse;
      }
      if (declared.description) operation.description = declared.description;
      const jsonBody = (operation.requestBody as Json | undefined)?.content as Json | undefined;
      if (declared.example !== undefined && jsonBody?.["application/json"])
        (jsonBody["application/json"] as Json).example = declared.example;
      for (const p of (operation.parameters as Json[] | undefined) ?? []) {
        const example = declared.parameters?.[p.name as string];
        if (example !== undefined) p.example = example;
      }
      const answer = (responses["200"]?.content as Json | undefined)?.["application/json"] as
        | Json
        | undefined;
      if (declared.answer !== undefined && answer) answer.example = declared.answer;
      if (declared.upload) {
        const { field, types, maxBytes } = declared.upload;
        operation.requestBody = {
          required: true,
          description: `One file in the multipart field \`${field}\` (${types.join(", ")}; at most ${maxBytes / 1024 / 1024} MB).`,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                properties: { [field]: { type: "string", format: "binary" } },
                required: [field],
              },
              encoding: { [field]: { contentType: types.join(", ") } },
            },
          },
        };
      }
    }
  mergeIdenticalPaths(paths);
  tidySchemas(doc);
  pruneComponents(doc);
  return doc;
}

/**
 * A webhook delivery as the callback of the operations that add an endpoint (features/webhooks/routes.ts declares
 * it): its body is the shared `webhookEventSchema` (component `WebhookEvent`), signed rather than bearer-authorised.
 */
function describeCallbacks(operation: Json) {
  for (const callback of Object.values((operation.callbacks as Record<string, Json> | undefined) ?? {}))
    for (const item of Object.values(callback as Record<string, Record<string, Json>>))
      for (const delivery of Object.values(item)) {
        delivery.summary ??= "A signed delivery to the endpoint (Standard Webhooks; docs/webhooks.md)";
        delivery.security = [];
        delivery.parameters = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => ({
          name,
          in: "header",
          required: true,
          schema: { type: "string" },
        }));
        delivery.requestBody = {
          required: true,
          content: { "application/json": { schema: { $ref: `#/components/schemas/${WEBHOOK_EVENT}` } } },
        };
        delivery.responses = {
          ...(delivery.responses as Json),
          "4XX": {
            description: "Not received: the try failed and is retried (30 s, 2 min, 10 min, 1 h, 6 h).",
          },
        };
      }
}

/**
 * OpenAPI allows no two paths that differ only in their parameters' names (`/admin/users/{workspace}` and
 * `/admin/users/{uid}`): the later one's operations move to the first path, their parameters renamed by position
 * and described by their own name.
 */
function mergeIdenticalPaths(paths: Record<string, Record<string, Json>>) {
  const first = new Map<string, string>();
  for (const path of Object.keys(paths)) {
    const shape = path.replace(/\{\w+\}/g, "{}");
    const kept = first.get(shape);
    if (!kept) {
      first.set(shape, path);
      continue;
    }
    const keptNames = [...kept.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const [method, operation] of Object.entries(paths[path] ?? {})) {
      for (const p of (operation.parameters as Json[] | undefined) ?? []) {
        const at = names.indexOf(p.name as string);
        if (p.in !== "path" || at < 0 || keptNames[at] === p.name) continue;
        p.description = `The ${p.name as string} (named \`${keptNames[at]}\` here: OpenAPI allows one name per parameter of a path).`;
        p.name = keptNames[at];
      }
      (paths[kept] as Record<string, Json>)[method] = operation;
    }
    delete paths[path];
  }
}

/**
 * OpenAPI 3.0 fixes in the schemas zod writes: `nullable` beside `anyOf` (no `type`) moves into each branch,
 * repeated `anyOf` branches (several nullable forms of one union) are kept once, and a nullable enum lists null.
 */
function tidySchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) tidySchemas(n);
    return;
  }
  if (!node || typeof node !== "object") return;
  const s = node as Json;
  if (Array.isArray(s.anyOf)) {
    const seen = new Set<string>();
    s.anyOf = (s.anyOf as unknown[]).filter((b) => {
      const k = JSON.stringify(b);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    if (s.nullable === true && s.type === undefined) {
      delete s.nullable;
      s.anyOf = (s.anyOf as Json[]).map((b) => (b.$ref ? b : { ...b, nullable: true }));
    }
  }
  if (Array.isArray(s.anyOf) && s.anyOf.length === 1 && !(s.anyOf[0] as Json).$ref) {
    const [only] = s.anyOf as Json[];
    delete s.anyOf;
    Object.assign(s, only);
  }
  // OpenAPI 3.0.3: `nullable` does not widen an `enum`, which must list null itself (a nullable zone colour)
  if (s.nullable === true && Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...s.enum, null];
  // a nullable named schema: zod writes `{nullable, allOf: [$ref]}`, which has no type for the null
  if (s.nullable === true && s.type === undefined && Array.isArray(s.allOf) && s.allOf.length === 1) {
    delete s.nullable;
    s.anyOf = [...(s.allOf as Json[]), NULL_ONLY];
    delete s.allOf;
  }
  for (const v of Object.values(s)) tidySchemas(v);
}

/** OpenAPI 3.0's schema of `null` and nothing else (as @fastify/swagger writes it). */
const NULL_ONLY = { type: "string", nullable: true, enum: [null] };

/** Drops the named schemas no operation refers to (the library emits an input and an output form of each). */
function pruneComponents(doc: Json) {
  const { schemas, ...rest } = doc.components as Json & { schemas: Json };
  const prefix = "#/components/schemas/";
  const used = new Set<string>();
  const visit = (node: unknown) =>
    JSON.stringify(node, (key, value) => {
      if (key === "$ref" && typeof value === "string" && value.startsWith(prefix)) {
        const name = value.slice(prefix.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      }
      return value;
    });
  visit({ ...doc, components: rest });
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}
