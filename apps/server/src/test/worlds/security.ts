import type { ZoneRanges } from "@mimamori/shared";
import { asc, eq, sql } from "drizzle-orm";
import { type Db, rows } from "../../db/client";
import {
  dataAnswers,
  dataImages,
  dataItems,
  dataItemTypes,
  dataQuestions,
  dataShares,
  entityModules,
  type FormSnapshot,
  formAnswers,
  formQuestions,
  formRecipients,
  formSchedules,
  formSends,
  forms,
  memberSnoozes,
  memberships,
  moduleOptions,
  modules,
  notifications,
  questions,
  users,
  webhookEndpoints,
} from "../../db/schema";
import type { Access } from "../../lib/access";
import { startTestApp, type TestApp } from "../app";
import { roleTokens } from "../roles";

/*
 * The world the security suites run in: the demo seed, the role accounts of test/roles.ts, a third entity
 * "kaede" with its own staff (otherStaff) and member (outsider), every /api route with the JSON schemas the
 * app publishes for it, realistic values for path parameters and fields, and a database that can be put
 * back as it was after a call that changed it.
 */

/** JSON Schema as @fastify/swagger publishes the routes' zod schemas (the parts these tests read). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface RouteInfo {
  /** "POST /api/staff/:workspace/users/:id" */
  key: string;
  method: string;
  url: string;
  access: Access;
  /** Path parameter names in URL order. */
  params: string[];
  paramSchemas: Record<string, JsonSchema>;
  query: { name: string; required: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
}

/** Who calls: the six callers of the matrix, and the outsider (a client of kaede) whose ids are swapped in. */
export const MATRIX_CALLERS = ["anonymous", "client", "otherClient", "staff", "otherStaff", "admin"] as const;
export type Caller = (typeof MATRIX_CALLERS)[number] | "outsider";
export type PersonKey = Exclude<Caller, "anonymous">;

export const PEOPLE: Record<PersonKey, { email: string; is: string }> = {
  client: { email: "client@example.com", is: "a client of sakura and harbor" },
  otherClient: { email: "client2@example.com", is: "a client of harbor only" },
  staff: { email: "staff@example.com", is: "staff of sakura and harbor" },
  otherStaff: { email: "other-staff@example.com", is: "staff of kaede only" },
  admin: { email: "admin@example.com", is: "a super user, staff of nothing" },
  outsider: { email: "outsider@example.com", is: "a client of kaede only" },
};

export interface Person {
  id: string;
  email: string;
}

export interface World {
  t: TestApp;
  tokens: Record<Caller, string | undefined>;
  people: Record<PersonKey, Person>;
  /** A module sakura and kaede both subscribe to, and one of its mode options. */
  moduleId: number;
  modeOption: number;
  /** sakura's general heart-rate ranges, as the staff report answers them (valid for the ranges bodies). */
  ranges: ZoneRanges;
  /** A live refresh token of the client (a session apart from the client's id token). */
  refreshToken: string;
  /** A questionnaire of sakura (sent to and answered by the client) and one of kaede (the outsider's). */
  forms: Record<"sakura" | "kaede", FormRecords>;
  /** Personal data items of the client (shared with sakura) and of the outsider (shared with kaede). */
  data: Record<"sakura" | "kaede", DataRecords>;
  /** The mobile_0509 item type and its question (the catalogue is the same for everyone). */
  dataTypeId: number;
  dataQuestionId: number;
  routes: RouteInfo[];
  state: DbState;
}

/** One entity's questionnaire records: a form with one question, sent once (sent order 1) and answered. */
export interface FormRecords {
  formId: number;
  scheduleId: number;
  bankQuestionId: number;
  /** A red heart-rate alert about the member (notifications routes). */
  notificationId: number;
  /** A running snooze of the member's heart-rate alerts (the board's snooze routes). */
  snoozeId: number;
  /** A webhook endpoint of the entity (features/webhooks): a documentation address, never reached. */
  webhookId: string;
}

/** One member's data items: an image item with an image and a form item with an answer, both shared with the entity. */
export interface DataRecords {
  imageItemId: number;
  formItemId: number;
  imageId: number;
  answerId: number;
}

export async function startWorld(): Promise<World> {
  const t = await startTestApp({ seed: true });
  const base = await roleTokens(t);
  const otherClient = await t.signIn(PEOPLE.otherClient.email);
  const refreshSession = await t.signIn(PEOPLE.client.email);
  const found = await t.db.select({ id: users.id, email: users.email }).from(users);
  const person = (key: PersonKey): Person => {
    const u = found.find((f) => f.email === PEOPLE[key].email);
    if (!u) throw new Error(`world: no account ${PEOPLE[key].email}`);
    return u;
  };
  const people = Object.fromEntries(
    (Object.keys(PEOPLE) as PersonKey[]).map((k) => [k, person(k)]),
  ) as Record<PersonKey, Person>;

  const [mod] = await t.db.select().from(modules).orderBy(asc(modules.sortOrder)).limit(1);
  if (!mod) throw new Error("world: the module catalogue is empty");
  const [option] = await t.db
    .select()
    .from(moduleOptions)
    .where(eq(moduleOptions.moduleId, mod.id))
    .orderBy(asc(moduleOptions.sortOrder))
    .limit(1);
  await t.db.insert(memberships).values([
    // the outsider is kaede's member: the person whose ids staff and clients of sakura must not reach
    {
      workspaceName: "kaede",
      userId: people.outsider.id,
      role: "client",
      status: "accepted",
      acceptedAt: new Date(),
    },
    // an open invitation of the client (to be staff of sakura), so that the invitation routes have one to answer
    { workspaceName: "sakura", userId: people.client.id, role: "staff", status: "invited" },
  ]);
  await t.db
    .insert(entityModules)
    .values([
      { workspaceName: "sakura", moduleId: mod.id },
      { workspaceName: "kaede", moduleId: mod.id },
    ])
    .onConflictDoNothing();
  const formRecords = {
    sakura: await questionnaire(t.db, "sakura", people.client.id),
    kaede: await questionnaire(t.db, "kaede", people.outsider.id),
  };
  const dataRecords = {
    sakura: await personalData(t.db, "sakura", people.client.id),
    kaede: await personalData(t.db, "kaede", people.outsider.id),
  };
  const [mobile] = await t.db
    .select({ typeId: dataItemTypes.id, questionId: dataQuestions.id })
    .from(dataItemTypes)
    .innerJoin(dataQuestions, eq(dataQuestions.typeId, dataItemTypes.id))
    .where(eq(dataItemTypes.key, "mobile_0509"));
  if (!mobile) throw new Error("world: the data item catalogue has no mobile_0509");
  const report = await t.call("GET", "/staff/sakura/reports_v2/00005091", undefined, { token: base.staff });
  if (report.status !== 200) throw new Error(`world: staff report ${report.status}`);

  const world: World = {
    t,
    tokens: { ...base, otherClient: otherClient.idToken },
    people,
    moduleId: mod.id,
    modeOption: option?.id ?? 1,
    ranges: {
      maxValue: report.body.ranges.maxValue,
      minValue: report.body.ranges.minValue,
      meanValue: report.body.ranges.meanValue,
    },
    refreshToken: refreshSession.refreshToken,
    forms: formRecords,
    data: dataRecords,
    dataTypeId: mobile.typeId,
    dataQuestionId: mobile.questionId,
    routes: routeTable(t),
    state: await DbState.capture(t.db),
  };
  return world;
}

/**
 * The entity's questionnaire records for the form routes: a bank question, a form with one optional text
 * question and a daily schedule, sent once to `memberId`, who answered it.
 */
async function questionnaire(db: Db, ws: string, memberId: string): Promise<FormRecords> {
  const [bank] = await db
    .insert(questions)
    .values({ workspaceName: ws, text: "How are you?", questionType: 1 })
    .returning();
  const [form] = await db
    .insert(forms)
    .values({ workspaceName: ws, name: `Check of ${ws}`, description: "Daily check" })
    .returning();
  if (!bank || !form) throw new Error(`world: no questionnaire for ${ws}`);
  const [question] = await db
    .insert(formQuestions)
    .values({ formId: form.id, position: 1, text: "How are you?", questionType: 1, isRequired: false })
    .returning();
  if (!question) throw new Error(`world: no form question for ${ws}`);
  const snapshot: FormSnapshot = {
    name: form.name,
    description: form.description,
    questions: [
      {
        id: question.id,
        order: 1,
        text: question.text,
        question_type_id: 1,
        is_required: false,
        question_options: [],
      },
    ],
  };
  await db.insert(formSends).values({ formId: form.id, sentOrder: 1, snapshot });
  await db
    .insert(formRecipients)
    .values({ formId: form.id, sentOrder: 1, userId: memberId, answeredAt: new Date() });
  await db
    .insert(formAnswers)
    .values({ formId: form.id, sentOrder: 1, userId: memberId, questionId: question.id, value: "Fine" });
  const [schedule] = await db
    .insert(formSchedules)
    .values({ formId: form.id, kind: "daily", localTime: "09:00", timeZone: "Asia/Tokyo" })
    .returning();
  if (!schedule) throw new Error(`world: no schedule for ${ws}`);
  const [alert] = await db
    .insert(notifications)
    .values({
      workspaceName: ws,
      userId: memberId,
      notificationType: 2,
      measure: 5091,
      value: 180,
      at: new Date(),
    })
    .returning({ id: notifications.id });
  if (!alert) throw new Error(`world: no notification for ${ws}`);
  const [snooze] = await db
    .insert(memberSnoozes)
    .values({
      workspaceName: ws,
      userId: memberId,
      measure: 5091,
      startsAt: new Date(),
      until: new Date(Date.now() + 3_600_000),
      reason: "Known exercise session",
    })
    .returning({ id: memberSnoozes.id });
  if (!snooze) throw new Error(`world: no snooze for ${ws}`);
  const [webhook] = await db
    .insert(webhookEndpoints)
    .values({ workspaceName: ws, url: "https://192.0.2.1/hook", secret: "whsec_world", kinds: [2] })
    .returning({ id: webhookEndpoints.id });
  if (!webhook) throw new Error(`world: no webhook for ${ws}`);
  return {
    formId: form.id,
    scheduleId: schedule.id,
    bankQuestionId: bank.id,
    notificationId: alert.id,
    snoozeId: snooze.id,
    webhookId: webhook.id,
  };
}

/** The member's covid19_vaccine item with a PNG and mobile_0509 item with an answer, both shared with `ws`. */
async function personalData(db: Db, ws: string, memberId: string): Promise<DataRecords> {
  const types = await db.select({ id: dataItemTypes.id, key: dataItemTypes.key }).from(dataItemTypes);
  const typeId = (key: string) => {
    const found = types.find((x) => x.key === key);
    if (!found) throw new Error(`world: no ${key} item type`);
    return found.id;
  };
  const [image, form] = await db
    .insert(dataItems)
    .values([
      { userId: memberId, typeId: typeId("covid19_vaccine"), updatedAt: new Date() },
      { userId: memberId, typeId: typeId("mobile_0509"), updatedAt: new Date() },
    ])
    .returning({ id: dataItems.id });
  if (!image || !form) throw new Error(`world: no data items for ${ws}`);
  // a 1 × 1 PNG
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  const [img] = await db
    .insert(dataImages)
    .values({
      itemId: image.id,
      contentType: "image/png",
      fileName: "card.png",
      size: png.length,
      width: 1,
      height: 1,
      bytes: png,
      addedBy: "member",
    })
    .returning({ id: dataImages.id });
  const [answer] = await db
    .insert(dataAnswers)
    .values({ itemId: form.id, value: "090-1234-5678" })
    .returning({ id: dataAnswers.id });
  if (!img || !answer) throw new Error(`world: no image or answer for ${ws}`);
  await db.insert(dataShares).values([
    { itemId: image.id, workspaceName: ws },
    { itemId: form.id, workspaceName: ws },
  ]);
  return { imageItemId: image.id, formItemId: form.id, imageId: img.id, answerId: answer.id };
}

// ---- routes ----

function routeTable(t: TestApp): RouteInfo[] {
  const document = t.app.swagger() as unknown as {
    paths?: Record<string, Record<string, OpenApiOperation>>;
    components?: { schemas?: Record<string, unknown> };
  };
  // the document names shared contracts (`$ref: #/components/schemas/…`, lib/openapi/document.ts): read them inline
  const named = document.components?.schemas ?? {};
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (!node || typeof node !== "object") return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === "string") return inline(named[ref.replace("#/components/schemas/", "")]);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v)]));
  };
  const spec = {
    paths: inline(document.paths) as Record<string, Record<string, OpenApiOperation>> | undefined,
  };
  const seen = new Set<string>();
  const out: RouteInfo[] = [];
  for (const { method, url, access } of t.app.accessTable) {
    const key = `${method} ${url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // paths that differ only in parameter names are one path of the document, named as the first one
    const shape = (path: string) => path.replace(/\{\w+\}|:\w+/g, "{}");
    const [path, item] = Object.entries(spec.paths ?? {}).find(([p]) => shape(p) === shape(url)) ?? [];
    const op = item?.[method.toLowerCase()];
    const parameters = op?.parameters ?? [];
    const params = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
    const documented = [...(path ?? "").matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const paramSchemas: Record<string, JsonSchema> = {};
    for (const p of parameters)
      if (p.in === "path") paramSchemas[params[documented.indexOf(p.name)] ?? p.name] = p.schema ?? {};
    const query = parameters
      .filter((p) => p.in === "query")
      .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} }));
    const body = op?.requestBody?.content?.["application/json"]?.schema;
    out.push({ key, method, url, access, params, paramSchemas, query, body });
  }
  return out;
}

// ---- fixtures ----

/**
 * What a path parameter names, which decides its id swaps: an entity, a person, an e-mail, a record an entity
 * owns (a form, a bank question, a schedule: swapped for the same kind of record of another entity), or
 * something else (not swapped).
 */
export type ParamKind = "workspace" | "person" | "email" | "record" | "other";

/** A path parameter's value for a caller; for a record, `foreign` is the same kind of record of kaede. */
export interface ParamValue {
  value: string;
  kind: ParamKind;
  foreign?: string;
}

export interface FixtureCtx {
  w: World;
  caller: Caller;
  route: RouteInfo;
  schema?: JsonSchema;
}

const REPORT = "00005091";
const ownEmail = (c: FixtureCtx) =>
  c.caller === "anonymous" ? PEOPLE.client.email : c.w.people[c.caller].email;
const pickEnum = (values: unknown[], preferred: unknown) =>
  values.includes(preferred) ? preferred : values[0];

/**
 * A realistic value for every path parameter name, for the caller (a person reaching their own resources):
 * sakura is the workspace, the demo client the person. A route with a parameter name missing here fails the
 * matrix: give the new name a value (and its kind, which decides the id swaps) here.
 */
const PARAM_FIXTURES: Record<string, (c: FixtureCtx) => ParamValue> = {
  workspace: () => ({ value: "sakura", kind: "workspace" }),
  uid: (c) => ({ value: c.w.people.client.id, kind: "person" }),
  userId: (c) => ({ value: c.w.people.client.id, kind: "person" }),
  // a form or bank question of the caller's entity, a member's uuid under /staff/{workspace}/users, a report
  // id under /user/reports/resq_band (an enum)
  id: (c) => {
    // a member's data item (the form item under …/answers/), an item type of the catalogue
    if (/^\/api\/user\/data\/:id/.test(c.route.url))
      return dataRecord(c, c.route.url.includes("/answers/") ? "formItemId" : "imageItemId");
    if (/\/admin\/data-types\/:id$/.test(c.route.url))
      return { value: String(c.w.dataTypeId), kind: "other" };
    if (/\/forms\/:id(\/|$)/.test(c.route.url)) return formRecord(c, "formId");
    if (/\/questions\/:id$/.test(c.route.url)) return formRecord(c, "bankQuestionId");
    if (/\/notifications\/:id(\/|$)/.test(c.route.url)) return formRecord(c, "notificationId");
    // a mail of the development mailbox, which is off in this world (it sends over SMTP): nothing to swap here;
    // dev-mailbox.test.ts reads another person's mail with the mailbox on
    if (/\/dev-mailbox\/:id$/.test(c.route.url))
      return { value: "00000000-0000-4000-8000-000000000000", kind: "other" };
    if (/\/snoozes\/:id$/.test(c.route.url)) return formRecord(c, "snoozeId");
    if (/\/webhooks\/:id(\/|$)/.test(c.route.url)) return formRecord(c, "webhookId");
    return c.schema?.enum
      ? { value: String(pickEnum(c.schema.enum, REPORT)), kind: "other" }
      : { value: c.w.people.client.id, kind: "person" };
  },
  scheduleId: (c) => formRecord(c, "scheduleId"),
  // the questionnaire records of the world were sent once
  sent_order: () => ({ value: "1", kind: "other" }),
  // notification type: 2 measurement (1 synchronization)
  type: () => ({ value: "2", kind: "other" }),
  user_id: (c) => ({ value: c.w.people.client.id, kind: "person" }),
  email: (c) => ({ value: ownEmail(c), kind: "email" }),
  moduleId: (c) => ({ value: String(c.w.moduleId), kind: "other" }),
  reportId: () => ({ value: REPORT, kind: "other" }),
  // the client's open invitation is to be staff of sakura
  role: () => ({ value: "staff", kind: "other" }),
  // personal data items: the entity an item is shared with, the items, their image and answer, the question
  workspace_name: () => ({ value: "sakura", kind: "workspace" }),
  dataId: (c) => dataRecord(c, "imageItemId"),
  imageId: (c) => dataRecord(c, "imageId"),
  answerId: (c) => dataRecord(c, "answerId"),
  questionId: (c) => ({ value: String(c.w.dataQuestionId), kind: "other" }),
};

/** A data record of the caller's entity's member, like `formRecord`: kaede's outsider's is the foreign one. */
function dataRecord(c: FixtureCtx, key: keyof DataRecords): ParamValue {
  const own = c.caller === "otherStaff" || c.caller === "outsider" ? "kaede" : "sakura";
  return { value: String(c.w.data[own][key]), kind: "record", foreign: String(c.w.data.kaede[key]) };
}

/**
 * A questionnaire record of the caller's entity: kaede's for kaede's staff and member, sakura's for everyone else
 * (sakura's form was sent to the client); `foreign` is kaede's.
 */
function formRecord(c: FixtureCtx, key: keyof FormRecords): ParamValue {
  const own = c.caller === "otherStaff" || c.caller === "outsider" ? "kaede" : "sakura";
  return { value: String(c.w.forms[own][key]), kind: "record", foreign: String(c.w.forms.kaede[key]) };
}

/** Route-specific values where a name means something else on one route ("ROUTE KEY" → name → value). */
const ROUTE_PARAM_FIXTURES: Record<string, Record<string, (c: FixtureCtx) => ParamValue>> = {};

export class UnknownParameterError extends Error {}

export function paramFixture(c: FixtureCtx, name: string): ParamValue {
  const f = ROUTE_PARAM_FIXTURES[c.route.key]?.[name] ?? PARAM_FIXTURES[name];
  if (!f)
    throw new UnknownParameterError(
      `${c.route.key} has the path parameter "${name}", which the fixture table does not know: add a realistic value for it to PARAM_FIXTURES in apps/server/src/test/worlds/security.ts`,
    );
  return f({ ...c, schema: c.route.paramSchemas[name] ?? c.schema });
}

const DAY_S = 24 * 3600;

/** Realistic values for body and query fields by name; other fields get a value built from their schema. */
const FIELD_FIXTURES: Record<string, (c: FixtureCtx) => unknown> = {
  email: ownEmail,
  password: () => "mimamori-demo",
  oldPassword: () => "mimamori-demo",
  newPassword: () => "mimamori-demo-2",
  remember: () => true,
  refreshToken: (c) => c.w.refreshToken,
  token: () => "0".repeat(64),
  name: () => "Yamada Taro",
  display_name: () => "Taro",
  first_name: () => "Taro",
  last_name: () => "Yamada",
  first_name_kana: () => "タロウ",
  last_name_kana: () => "ヤマダ",
  phone_number1: () => "0312345678",
  phone_number2: () => "",
  address: () => "東京都千代田区1-1",
  lng: () => "jp",
  language: () => "jp",
  workspace_name: () => "momiji",
  description: () => "A test entity",
  is_public: () => true,
  notification_setting_status: () => "unlocked",
  mode_option: (c) => c.w.modeOption,
  maxValue: (c) => c.w.ranges.maxValue,
  minValue: (c) => c.w.ranges.minValue,
  meanValue: (c) => c.w.ranges.meanValue,
  isTuned: () => true,
  interval: (c) =>
    c.schema?.enum ? pickEnum(c.schema.enum, "weekly") : c.schema?.type === "string" ? "weekly" : 7,
  timezone: () => "Asia/Tokyo",
  // `?workspace=` of the staff routes without {workspace} in the path (the swaps name kaede instead)
  workspace: () => "sakura",
  // a recurring send's local time (HH:mm)
  time: () => "09:00",
  start_time: () => Math.floor(Date.now() / 1000) - 6 * DAY_S,
  end_time: () => Math.floor(Date.now() / 1000),
  samples: () => [{ code: REPORT, time: Math.floor(Date.now() / 1000) - 3600, value: 72 }],
  sleep: () => [],
};

function firstType(s: JsonSchema): string | undefined {
  return Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
}

/** A value for `schema` (of field `name`): the fixture of the name, else one built from the schema. */
export function example(c: FixtureCtx, schema: JsonSchema, name?: string, depth = 0): unknown {
  const fixture = name ? FIELD_FIXTURES[name] : undefined;
  if (fixture) return fixture({ ...c, schema });
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alts = schema.anyOf ?? schema.oneOf ?? [];
  const alt = alts.find((a) => firstType(a) !== "null") ?? alts[0];
  if (alt) return example(c, alt, name, depth + 1);
  const [all] = schema.allOf ?? [];
  if (all) return example(c, all, name, depth + 1);
  switch (firstType(schema) ?? (schema.properties ? "object" : undefined)) {
    case "string":
      if (schema.format === "email") return ownEmail(c);
      if (schema.format === "uuid") return c.w.people.client.id;
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
    case "number":
    case "integer":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    case "array": {
      if (schema.prefixItems) return schema.prefixItems.map((s) => example(c, s, undefined, depth + 1));
      const item = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const n = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: n }, () => example(c, item ?? {}, undefined, depth + 1));
    }
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {}))
        if (schema.required?.includes(k) || FIELD_FIXTURES[k]) out[k] = example(c, s, k, depth + 1);
      return out;
    }
    default:
      return null;
  }
}

// ---- calls ----

export interface ApiCall {
  method: string;
  /** Path under the server, starting with /api, already percent-encoded. */
  path: string;
  query?: [string, string][];
  /** Raw body text (JSON unless `contentType` says otherwise). */
  body?: string;
  contentType?: string;
  /** A multipart body instead (fetch sets its content type), described by `note` in failure messages. */
  form?: FormData;
  note?: string;
  token?: string;
}

export interface ApiAnswer {
  status: number;
  code?: string;
  body: unknown;
  text: string;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** Percent-encodes the UTF-8 bytes of `s` (lone surrogates become U+FFFD, as on the wire). */
export function encode(s: string): string {
  let out = "";
  for (const b of Buffer.from(s, "utf8")) {
    const ch = String.fromCharCode(b);
    out += b < 128 && UNRESERVED.test(ch) ? ch : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => encode(values[name] ?? ""));
}

export function queryString(query: [string, string][] | undefined): string {
  if (!query?.length) return "";
  return `?${query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&")}`;
}

export interface Built {
  call: ApiCall;
  params: Record<string, string>;
  kinds: Record<string, ParamKind>;
  /** For record parameters: the same kind of record of another entity (kaede). */
  foreign: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/** The realistic call of `route` by `caller`, with `overrides` of path parameters. */
export function buildCall(
  w: World,
  route: RouteInfo,
  caller: Caller,
  overrides: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: Record<string, unknown>;
  } = {},
): Built {
  const c: FixtureCtx = { w, caller, route };
  const params: Record<string, string> = {};
  const kinds: Record<string, ParamKind> = {};
  const foreign: Record<string, string> = {};
  for (const name of route.params) {
    const f = paramFixture(c, name);
    params[name] = overrides.params?.[name] ?? f.value;
    kinds[name] = f.kind;
    if (f.foreign !== undefined) foreign[name] = f.foreign;
  }
  const query: Record<string, unknown> = {};
  for (const q of route.query)
    if (q.required || FIELD_FIXTURES[q.name])
      query[q.name] = overrides.query?.[q.name] ?? example(c, q.schema, q.name);
  let body: unknown;
  if (route.body && route.method !== "GET") {
    body = example(c, route.body);
    if (overrides.body && body && typeof body === "object") body = { ...body, ...overrides.body };
  }
  return {
    call: {
      method: route.method,
      path: fillPath(route.url, params),
      query: Object.entries(query).map(([k, v]) => [k, String(v)]),
      body: body === undefined ? undefined : JSON.stringify(body),
      token: w.tokens[caller],
    },
    params,
    kinds,
    foreign,
    query,
    body,
  };
}

export async function send(w: World, c: ApiCall): Promise<ApiAnswer> {
  const headers: Record<string, string> = { "accept-language": "en" };
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  if (c.body !== undefined) headers["content-type"] = c.contentType ?? "application/json";
  let res: Response;
  try {
    res = await fetch(`${w.t.url}${c.path}${queryString(c.query)}`, {
      method: c.method,
      headers,
      body: c.form ?? c.body,
    });
  } catch (err) {
    // the connection failed: as bad as a 500 (status 0 is reported as one)
    return { status: 0, body: null, text: String((err as Error).cause ?? err) };
  }
  // a live event stream (features/events) does not end by itself: its opening is the answer
  if (res.ok && res.headers.get("content-type")?.startsWith("text/event-stream")) {
    await res.body?.cancel();
    return { status: res.status, body: null, text: "(event stream)" };
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  const code =
    body && typeof body === "object" && typeof (body as { code?: unknown }).code === "string"
      ? (body as { code: string }).code
      : undefined;
  return { status: res.status, code, body, text };
}

/** The request and its answer, short enough for a failure message and enough to reproduce it. */
export function describeCall(c: ApiCall, caller: Caller, a?: ApiAnswer): string {
  const body =
    c.body === undefined
      ? ""
      : ` body(${c.body.length} chars)=${c.body.length > 300 ? `${c.body.slice(0, 300)}…` : c.body}`;
  const type = `${c.contentType ? ` content-type=${c.contentType}` : ""}${c.note ? ` ${c.note}` : ""}`;
  const answer = a ? ` → ${a.status} ${a.text.slice(0, 200)}` : "";
  const url = `${c.path}${queryString(c.query)}`;
  return `${c.method} ${url.length > 400 ? `${url.slice(0, 400)}…` : url} as ${caller}${type}${body}${answer}`;
}

/** What access control answers: 401, or 403 with its own codes (a handler's 403 carries another code). */
export const ACCESS_DENIAL_CODES = new Set(["forbidden", "email-not-verified"]);
export function deniedByAccessControl(a: ApiAnswer): boolean {
  return a.status === 401 || (a.status === 403 && ACCESS_DENIAL_CODES.has(a.code ?? ""));
}

// ---- the database: what a call wrote, and a way back to the start ----

/** Not restored nor reported: the mail log is written after responses (background sends), by design. */
const UNWATCHED = new Set(["mail_outbox"]);
const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every application table is copied (schema mm_snapshot) once the world is set up, and a row trigger on each
 * notes the table of every row a statement inserts, updates or deletes (mm_snapshot.changes). So "what did
 * this call write" is one small query, and `restore()` puts back only the tables written (with the tables
 * that refer to them): truncate, then insert parents before children.
 */
export class DbState {
  private constructor(
    private readonly db: Db,
    readonly tables: string[],
    private readonly insertOrder: string[],
    private readonly fks: { child: string; parent: string }[],
  ) {}

  static async capture(db: Db): Promise<DbState> {
    const all = await rows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const names = all.map((r) => r.name);
    const tables = names.filter((n) => !UNWATCHED.has(n));
    const fks = await rows<{ child: string; parent: string }>(
      db,
      sql`select ch.relname as child, pa.relname as parent from pg_constraint c
          join pg_class ch on ch.oid = c.conrelid join pg_class pa on pa.oid = c.confrelid
          join pg_namespace n on n.oid = ch.relnamespace
          where c.contype = 'f' and n.nspname = 'public'`,
    );
    const order: string[] = [];
    const pending = new Set(tables);
    while (pending.size) {
      const ready = [...pending].filter((t) =>
        fks.every((fk) => fk.child !== t || fk.parent === t || !pending.has(fk.parent)),
      );
      if (!ready.length) throw new Error(`world: foreign keys form a cycle among ${[...pending].join(", ")}`);
      for (const t of ready) {
        order.push(t);
        pending.delete(t);
      }
    }
    const run = (text: string) => db.execute(sql.raw(text));
    await run("drop schema if exists mm_snapshot cascade");
    await run("create schema mm_snapshot");
    for (const t of tables) await run(`create table mm_snapshot.${q(t)} as select * from public.${q(t)}`);
    await run("create table mm_snapshot.changes (tbl text not null)");
    await run(`create function mm_snapshot.note_change() returns trigger language plpgsql as $$
      begin insert into mm_snapshot.changes values (TG_TABLE_NAME); return null; end $$`);
    for (const t of names)
      await run(`create trigger mm_note_change after insert or update or delete on public.${q(t)}
        for each row execute function mm_snapshot.note_change()`);
    return new DbState(db, tables, order, fks);
  }

  /** The tables written since the start or the last restore (rows inserted, updated or deleted). */
  async written(): Promise<string[]> {
    const r = await rows<{ tbl: string }>(this.db, sql.raw("select distinct tbl from mm_snapshot.changes"));
    return r.map((x) => x.tbl).sort();
  }

  /** Puts `tables` (default: every written one) back as they were at the start, with the tables referring to them. */
  async restore(tables?: string[]): Promise<void> {
    const set = new Set((tables ?? (await this.written())).filter((t) => this.tables.includes(t)));
    for (let grew = true; grew; ) {
      grew = false;
      for (const fk of this.fks)
        if (set.has(fk.parent) && !set.has(fk.child) && this.tables.includes(fk.child)) {
          set.add(fk.child);
          grew = true;
        }
    }
    await this.db.transaction(async (tx) => {
      if (set.size) {
        // the access audit is append-only (migration 0010): the test's restore says it may empty it
        await tx.execute(sql.raw("select set_config('mimamori.audit_maintenance', 'on', true)"));
        await tx.execute(sql.raw(`truncate table ${[...set].map((t) => `public.${q(t)}`).join(", ")}`));
        for (const t of this.insertOrder)
          if (set.has(t))
            await tx.execute(sql.raw(`insert into public.${q(t)} select * from mm_snapshot.${q(t)}`));
      }
      await tx.execute(sql.raw("delete from mm_snapshot.changes"));
    });
  }

  /** Waits until nothing writes any more (invitation mails are sent after the response), up to `maxMs`. */
  async settle(maxMs = 3000): Promise<void> {
    const count = async () =>
      (await rows<{ n: number }>(this.db, sql.raw("select count(*)::int as n from mm_snapshot.changes")))[0]
        ?.n;
    let prev = await count();
    const deadline = Date.now() + maxMs;
    for (;;) {
      await new Promise((r) => setTimeout(r, 40));
      const now = await count();
      if (now === prev || Date.now() > deadline) return;
      prev = now;
    }
  }

  /**
   * After a call: waits for its after-effects when it may have any, answers the tables it wrote (the mail log
   * left out) and puts the database back when it wrote anything.
   */
  async reset(mayHaveAfterEffects: boolean): Promise<string[]> {
    if (mayHaveAfterEffects) await this.settle();
    const written = await this.written();
    if (written.length) await this.restore(written);
    return written.filter((t) => !UNWATCHED.has(t));
  }
}
