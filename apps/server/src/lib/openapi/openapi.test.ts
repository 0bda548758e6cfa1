import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  ERRORS,
  INGEST_MAX_SAMPLES,
  INGEST_MAX_SLEEP,
  INGEST_REJECTION_REASONS,
  MESSAGES,
  measureOf,
} from "@mimamori/shared";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { memberships } from "../../db/schema";
import { startTestApp, type TestApp } from "../../test/app";
import { LIMITED_ROUTES } from "../rate-limits";
import { API_TYPES_FILE, apiTypesOf, buildOpenApiDocument } from "./api-types";
import { documentedRoutes, openapiPath, operationPaths, registerOpenApi } from "./document";
import { integratorsGuide, UPLOAD_FAILURES } from "./guide";
import type { OperationExtra } from "./operations";

/*
 * Issue 30 §2 (I30-OPENAPI-01): the OpenAPI document integrators read, built from the routes and the operation each
 * declares (lib/openapi/document.ts), and checked by `redocly lint` with the recommended rules.
 */

// biome-ignore lint/suspicious/noExplicitAny: the document is read field by field
type Json = Record<string, any>;

const SERVER_DIR = path.resolve(import.meta.dirname, "../../..");
const REDOCLY = path.resolve(SERVER_DIR, "../../node_modules/.bin/redocly");
const METHODS = ["get", "put", "post", "delete", "patch"];
/** Routes kept out of the document on purpose: the Prometheus scrape (its own token; docs/operations.md). */
const HIDDEN = new Set(["GET /api/metrics"]);

let t: TestApp;
let doc: Json;
let webDist: string;
/** Each route of the access table ("GET /api/x/:id") with its operation in the document. */
const operations = new Map<string, Json>();

function operationOf(key: string): Json {
  const op = operations.get(key);
  if (!op) throw new Error(`${key} is not in the document`);
  return op;
}

/** The operations that document their answer ("GET /api/x/:id", operationId, the operation). */
function answered() {
  return documentedRoutes(t.app).flatMap(({ method, url, config }) => {
    const extra = config?.operation;
    return method === "HEAD" || extra?.answer === undefined
      ? []
      : [{ key: `${method} ${url}`, id: extra.id, extra }];
  });
}

/** The path of an operation by its operationId, as the integrators' page names it. */
const pathOf = (operationId: string) => operationPaths(documentedRoutes(t.app))(operationId);

/** The call of an operation with its documented parameters: those of its path in the path, the rest as query. */
function exampleCall(key: string, extra: OperationExtra) {
  const [method = "", url = ""] = key.split(" ");
  let path = url.replace(/^\/api/, "");
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(extra.parameters ?? {})) {
    const segment = new RegExp(`:${name}(?=/|$)`);
    if (segment.test(path)) {
      path = path.replace(segment, String(value));
      params[name] = String(value);
    } else query[name] = String(value);
  }
  return { method, path: `${path}?${new URLSearchParams(query)}`, params, query };
}

/** The zod schemas of a route, as it was registered. */
function routeSchemas(key: string) {
  const [method = "", url] = key.split(" ");
  const route = documentedRoutes(t.app).find((r) => r.url === url && [r.method].flat().includes(method));
  if (!route?.schema) throw new Error(`${key}: no route with a schema`);
  return route.schema as {
    params?: ZodType;
    querystring?: ZodType;
    body?: ZodType;
    response: Record<number, ZodType>;
  };
}

/**
 * A real answer with what differs from run to run taken from its example: the member's id and sync time, and the
 * cards of today's steps and last night's sleep (measures not summed as levels), which depend on the day it runs.
 */
function asDocumented(real: Json, example: Json): Json {
  const out = structuredClone(real);
  if ("last_sync" in out) out.last_sync = example.last_sync;
  (out.users as Json[] | undefined)?.forEach((u, i) => {
    u.user.uid = example.users[i]?.user.uid;
    u.last_sync = example.users[i]?.last_sync;
  });
  (out.report_list as Json[] | undefined)?.forEach((card, i) => {
    const { value, value_dbp, time, color } = example.report_list[i] ?? {};
    if (measureOf(card.id).aggregation !== "mean") Object.assign(card, { value, value_dbp, time, color });
  });
  return out;
}

beforeAll(async () => {
  // a built web app, so the catch-all route that serves its pages is registered
  webDist = mkdtempSync(path.join(tmpdir(), "openapi-web-"));
  mkdirSync(path.join(webDist, "assets"));
  writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Mimamori</title>");
  t = await startTestApp({ webDist, seed: true });
  doc = t.app.swagger() as Json;
  const documented = Object.entries(doc.paths as Json);
  const shape = (p: string) => p.replace(/\{\w+\}/g, "{}");
  for (const { method, url } of t.app.accessTable) {
    // paths that differ only in parameter names are one path item (OpenAPI: "identical")
    const item = documented.find(([p]) => shape(p) === shape(openapiPath(url)))?.[1];
    const op = item?.[method.toLowerCase()];
    if (op) operations.set(`${method} ${url}`, op);
  }
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("the OpenAPI document's operations", () => {
  it("has every API route but the hidden ones, and nothing else: no web page, no /api/docs", () => {
    const routes = new Set(t.app.accessTable.map((r) => `${r.method} ${r.url}`));
    for (const key of routes) expect(operations.has(key) || HIDDEN.has(key), key).toBe(true);
    for (const key of HIDDEN) expect(operations.has(key), key).toBe(false);
    const count = Object.values(doc.paths as Json).reduce(
      (n, item) => n + Object.keys(item).filter((m) => METHODS.includes(m)).length,
      0,
    );
    expect(count).toBe(routes.size - HIDDEN.size);
    for (const p of Object.keys(doc.paths)) {
      expect(p.startsWith("/api/"), p).toBe(true);
      expect(p.startsWith("/api/docs"), p).toBe(false);
    }
  });

  it("names every route's operation: operationId (camelCase, unique), summary and its feature's tag", () => {
    const ids = new Set<string>();
    const tags = new Set((doc.tags as Json[]).map((tag) => tag.name));
    for (const [key, op] of operations) {
      expect(op.operationId, key).toMatch(/^[a-z][a-zA-Z0-9]+$/);
      expect(ids.has(op.operationId), `${key}: ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId);
      expect(op.summary, key).toMatch(/^[A-Z].{5,100}$/);
      expect(op.tags, key).toHaveLength(1);
      expect(tags.has(op.tags[0]), key).toBe(true);
    }
    expect(operationOf("POST /api/user/vitals")).toMatchObject({
      operationId: "uploadVitals",
      tags: ["vitals"],
    });
  });

  it("refuses to register a documented route that declares no operation", async () => {
    const app = Fastify();
    await registerOpenApi(app, "0", { demo: null });
    const undeclared = async (api: FastifyInstance) => {
      api.get("/undeclared", { config: { access: "public" } }, async () => "");
    };
    try {
      await expect(app.register(undeclared, { prefix: "/api" })).rejects.toThrow(
        "GET /api/undeclared does not declare its OpenAPI operation (config.operation)",
      );
    } finally {
      await app.close();
    }
  });
});

describe("the OpenAPI document's errors", () => {
  it("has the one error shape as the component Error, its code listing every catalogue code", () => {
    expect(doc.components.schemas.Error).toMatchObject({
      type: "object",
      required: ["detail", "code"],
      properties: { detail: { type: "string" }, code: { type: "string" }, field: { type: "string" } },
    });
    expect([...doc.components.schemas.Error.properties.code.enum].sort()).toEqual(
      Object.keys(MESSAGES).sort(),
    );
    // each shared error answer lists the codes of its status (packages/shared/src/errors.ts)
    expect(doc.components.responses.Conflict.description).toContain("export-running");
    expect(doc.components.responses.NotFound.description).toContain("member-not-found");
    expect(doc.components.responses.TooManyRequests.headers["Retry-After"]).toBeDefined();
    for (const [name, response] of Object.entries(doc.components.responses as Json))
      expect(response.content["application/json"].schema, name).toEqual({
        $ref: "#/components/schemas/Error",
      });
    for (const code of Object.keys(ERRORS)) expect(JSON.stringify(doc.components.responses)).toContain(code);
  });

  it("gives each operation the error answers its access and schema imply", () => {
    const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
    for (const [key, op] of operations) {
      const access = t.app.accessTable.find((r) => `${r.method} ${r.url}` === key)?.access;
      expect(op.responses["400"], key).toEqual(ref("BadRequest"));
      expect(op.responses["500"], key).toEqual(ref("ServerError"));
      if (access !== "public") {
        expect(op.responses["401"], key).toEqual(ref("Unauthorized"));
        expect(op.responses["403"], key).toEqual(ref("Forbidden"));
      } else expect(op.responses["401"], key).toBeUndefined();
      if (key.includes("/:")) expect(op.responses["404"], key).toEqual(ref("NotFound"));
      if (op.requestBody) expect(op.responses["413"], key).toEqual(ref("PayloadTooLarge"));
    }
    for (const { route } of LIMITED_ROUTES)
      expect(operationOf(route).responses["429"]).toEqual(ref("TooManyRequests"));
    expect(operationOf("GET /api/user/export").responses["409"]).toEqual(ref("Conflict"));
    expect(operationOf("GET /api/staff/:workspace/events").responses["503"]).toEqual(
      ref("ServiceUnavailable"),
    );
  });
});

describe("the OpenAPI document's bodies", () => {
  it("names the shared contracts that more than one operation uses", () => {
    const schemas = doc.components.schemas as Json;
    for (const name of ["Entity", "Form", "StaffReport", "WebhookEndpoint", "Notification", "UserInfo"])
      expect(schemas[name], name).toMatchObject({ type: "object" });
    const text = JSON.stringify(doc.paths);
    for (const name of Object.keys(schemas)) {
      const uses = text.split(`"#/components/schemas/${name}"`).length - 1;
      const nested = JSON.stringify(schemas).includes(`"#/components/schemas/${name}"`);
      // every named schema is used (no dead components), by two operations or inside another named schema
      expect(
        uses >= 2 || nested || name === "Error" || name === "WebhookEvent",
        `${name}: ${uses} uses`,
      ).toBe(true);
    }
  });

  it("describes uploads as multipart bodies and downloads with their media types", () => {
    const image = operationOf("POST /api/user/data/:id/images").requestBody;
    expect(image.content["multipart/form-data"].schema).toEqual({
      type: "object",
      properties: { image: { type: "string", format: "binary" } },
      required: ["image"],
    });
    expect(image.content["multipart/form-data"].encoding.image.contentType).toBe(
      "image/jpeg, image/png, image/webp, application/pdf",
    );
    expect(
      operationOf("POST /api/staff/:workspace/users/csv").requestBody.content["multipart/form-data"].schema
        .required,
    ).toEqual(["file"]);
    const ok = (key: string) => Object.keys(operationOf(key).responses["200"].content);
    expect(ok("GET /api/user/export")).toEqual(["application/zip"]);
    expect(ok("GET /api/staff/:workspace/forms/:id/download")).toEqual(["text/csv"]);
    expect(ok("GET /api/admin/users/data/download")).toEqual(["text/csv", "application/json"]);
    expect(ok("GET /api/staff/:workspace/heat_illness_record")).toEqual(["application/json", "text/csv"]);
    expect(ok("GET /api/staff/:workspace/events")).toEqual(["text/event-stream"]);
  });

  it("gives the band upload an example that the API accepts as documented", async () => {
    const body = operationOf("POST /api/user/vitals").requestBody.content["application/json"];
    expect(body.example.samples).toHaveLength(2);
    const { idToken } = await t.signIn("client@example.com");
    const res = await t.call("POST", "/user/vitals", body.example, { token: idToken });
    expect(res.status).toBe(200);
    // two samples and one sleep record
    expect(res.body).toMatchObject({ accepted: 3, rejected: [] });
  });

  it("documents the webhook delivery as the callback of adding an endpoint, with the shared event schema", () => {
    for (const key of ["POST /api/staff/:workspace/webhooks", "POST /api/entities/:workspace/webhooks"]) {
      const delivery = operationOf(key).callbacks.webhookDelivery["{$request.body#/url}"].post;
      expect(delivery.requestBody.content["application/json"].schema).toEqual({
        $ref: "#/components/schemas/WebhookEvent",
      });
      expect(delivery.parameters.map((p: Json) => p.name)).toEqual([
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
    }
    const event = JSON.stringify(doc.components.schemas.WebhookEvent);
    for (const type of ["alert.raised", "webhook.test"]) expect(event).toContain(type);
  });
});

describe("the OpenAPI document's report examples", () => {
  it("gives the reports' parameters, body and answer examples that their routes' zod schemas accept", () => {
    const ANSWERED = answered();
    expect(ANSWERED.map((a) => a.id).sort()).toEqual([
      "getOwnReport",
      "getStaffReport",
      "getStaffReportKpis",
      "listOwnReports",
      "setReportRanges",
    ]);
    for (const { key, id, extra } of ANSWERED) {
      const schemas = routeSchemas(key);
      // zod keeps only the fields its schema names: an example with a field too many fails, one missing throws
      expect(schemas.response[200]?.parse(extra.answer), id).toEqual(extra.answer);
      const { params, query } = exampleCall(key, extra);
      if (schemas.params) expect(schemas.params.safeParse(params).error, id).toBeUndefined();
      if (schemas.querystring) expect(schemas.querystring.safeParse(query).error, id).toBeUndefined();
      if (extra.example !== undefined)
        expect(schemas.body?.safeParse(extra.example).error, id).toBeUndefined();
      // and the document shows them (redocly lint checks them against the JSON schemas: no-invalid-media-type-examples)
      const op = operationOf(key);
      expect(op.responses["200"].content["application/json"].example, id).toEqual(extra.answer);
      if (extra.example !== undefined)
        expect(op.requestBody.content["application/json"].example, id).toEqual(extra.example);
      for (const [name, value] of Object.entries(extra.parameters ?? {}))
        expect(op.parameters.find((p: Json) => p.name === name)?.example, `${id} ${name}`).toEqual(value);
    }
  });

  it("gives the reports examples that are the API's answers after the band upload example", async () => {
    const client = await t.signIn("client@example.com");
    const staff = await t.signIn("staff@example.com");
    // the demo memberships took effect long before the example's day (staff see nothing from before it)
    await t.db
      .update(memberships)
      .set({ acceptedAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(memberships.userId, client.user.uid));
    const upload = operationOf("POST /api/user/vitals").requestBody.content["application/json"].example;
    const first = await t.call("POST", "/user/vitals", upload, { token: client.idToken });
    expect(first.body.accepted + first.body.duplicates).toBe(3);
    // sent again, it is stored once (the how-to's promise)
    const again = await t.call("POST", "/user/vitals", upload, { token: client.idToken });
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 3, rejected: [] });
    for (const { key, id, extra } of answered()) {
      const { method, path } = exampleCall(key, extra);
      const token = key.includes("/api/staff/") ? staff.idToken : client.idToken;
      const res = await t.call(method, path, extra.example as Json | undefined, { token });
      expect(res.status, `${id}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(asDocumented(res.body, extra.answer as Json), id).toEqual(extra.answer);
    }
  });
});

describe("the integrators' page at /api/docs", () => {
  it("documents the band upload as a how-to naming the real path, batch limits and error codes", async () => {
    const guide = doc.info.description as string;
    const upload = [...operations].find(([, op]) => op.operationId === "uploadVitals")?.[0] as string;
    expect(upload).toBe(`POST ${pathOf("uploadVitals")}`);
    expect(guide).toContain(`\`${upload}\``);
    expect(guide).toContain(`\`POST ${pathOf("signIn")}\``);
    expect(guide).toContain(`at most ${INGEST_MAX_SAMPLES.toLocaleString("en")} samples`);
    expect(guide).toContain(`${INGEST_MAX_SLEEP.toLocaleString("en")} sleep records per call`);
    // each code of the failure table with its real status and whether to resend
    for (const { codes, retry } of UPLOAD_FAILURES)
      for (const c of codes) expect(guide).toContain(`| ${ERRORS[c]} | \`${c}\` | ${retry ? "yes" : "no"} |`);
    const resend = UPLOAD_FAILURES.filter((f) => f.retry).flatMap((f) => f.codes);
    expect(resend).toEqual(expect.arrayContaining(["unauthenticated", "rate-limited", "unknown-error"]));
    expect(resend).not.toContain("batch-too-large");
    for (const reason of INGEST_REJECTION_REASONS) expect(guide).toContain(`\`${reason}\``);
    // the curl example, as the page shows it: the demo client signs in and sends its batch twice
    const signInBody = JSON.parse(guide.match(/-d '(.+)'/)?.[1] as string);
    const session = await t.call("POST", pathOf("signIn").replace(/^\/api/, ""), signInBody);
    expect(session.status).toBe(200);
    const token = session.body.idToken as string;
    const path = pathOf("uploadVitals").replace(/^\/api/, "");
    const now = Math.floor(Date.now() / 1000);
    // the shell's $NOW and $((NOW - s)) in its body
    const shellBody = guide.match(/^BODY='(.+)'$/m)?.[1] ?? "";
    const uploadBody = JSON.parse(
      shellBody
        .replace(/'\$\(\(NOW - (\d+)\)\)'/g, (_, s) => String(now - Number(s)))
        .replaceAll("'$NOW'", String(now)),
    );
    const sent = uploadBody.samples.length;
    expect(sent).toBeGreaterThan(0);
    for (const [accepted, duplicates] of [
      [sent, 0],
      [0, sent],
    ]) {
      const res = await t.call("POST", path, uploadBody, { token });
      expect(res.body).toMatchObject({ accepted, duplicates, rejected: [] });
      expect(guide).toContain(
        `# {"accepted":${accepted},"duplicates":${duplicates},"rejected":[],"last_sync":…}`,
      );
    }
    // the codes the route really answers are in the table: a batch too large, no token
    const big = Array.from({ length: INGEST_MAX_SAMPLES + 1 }, (_, i) => ({
      code: "00005091",
      time: 1_795_650_000 + i,
      value: 70,
    }));
    const tooLarge = await t.call("POST", path, { samples: big }, { token });
    const noToken = await t.call("POST", path, uploadBody);
    expect([tooLarge.status, noToken.status]).toEqual([413, 401]);
    for (const res of [tooLarge, noToken])
      expect(guide).toContain(`| ${res.status} | \`${res.body.code}\` |`);
  });
});

describe("the integrators' page of a server without the demo", () => {
  it("names no demo account or password (production, unless SEED_DEMO): the example signs in as the reader", () => {
    const guide = integratorsGuide({ demo: null }, pathOf);
    const demo = integratorsGuide(
      { demo: { accounts: [{ email: "client@example.com", role: "client" }], password: "pw-demo-1" } },
      pathOf,
    );
    expect(demo).toContain("`client@example.com`");
    expect(demo).toContain('"password":"pw-demo-1"');
    expect(guide).not.toContain("client@example.com");
    expect(guide).not.toContain("pw-demo-1");
    expect(guide).not.toMatch(/demo account/);
    expect(guide).toContain('-d \'{"email":"you@example.com","password":"your-password"}\'');
  });
});

describe("the OpenAPI document as served and linted", () => {
  it("is served at /api/docs/json as built", async () => {
    const res = await fetch(`${t.url}/api/docs/json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it("passes redocly lint (recommended rules, apps/server/redocly.yaml) with 0 errors and 0 warnings", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "openapi-"));
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(doc, null, 2));
    try {
      const { stdout } = await promisify(execFile)(
        REDOCLY,
        [
          "lint",
          "--config",
          path.join(SERVER_DIR, "redocly.yaml"),
          "--format=json",
          "--max-problems=1000",
          file,
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
      const problems = (JSON.parse(stdout) as { problems: Json[] }).problems.map(
        (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`,
      );
      expect(problems).toEqual([]);
      expect(doc.openapi).toMatch(/^3\.0\.\d$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the web's API types (apps/web/src/api/schema.ts)", () => {
  it("are what `npm run api:types` makes of the current routes: run it after changing a route or a contract", async () => {
    const checkedIn = readFileSync(path.resolve(SERVER_DIR, "../..", API_TYPES_FILE), "utf8");
    expect(
      checkedIn === (await apiTypesOf(doc)),
      "apps/web/src/api/schema.ts is stale: npm run api:types",
    ).toBe(true);
  });

  it("come from the same document as served, built without a server or a database on disk", async () => {
    expect(JSON.parse(JSON.stringify(await buildOpenApiDocument()))).toEqual(JSON.parse(JSON.stringify(doc)));
  }, 60_000);
});
