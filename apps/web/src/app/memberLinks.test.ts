import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Notification } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import { reportLinkOf } from "../features/alerts/staff/alerts";
import {
  answerSearch,
  answerTargetOf,
  STAFF_ANSWER_PATH,
  STAFF_ANSWERS_TAB_PATH,
} from "../features/forms/staff/answers/answerLinks";
import { formsPaths } from "../features/forms/staff/paths";
import { memberDataPath, memberReportPath, PERSONAL_PARAMS, withoutPersonalParams } from "./memberLinks";
import { staffPath } from "./session/workspace";

/**
 * Issue 28 §3: no name or e-mail address in any URL of the web app. Every builder of a path that names a
 * member is given a member with a name and an e-mail address; no path may contain either, raw or encoded.
 */
const member = {
  uid: "6f1c2a4e-0000-4000-8000-000000000001",
  name: "Tanaka Hanako 田中",
  email: "hanako+1@example.jp",
};
/** What `reportLinkOf` reads of an alert: its measure, member and time. */
const notification = (over: Partial<Pick<Notification, "report" | "time">> = {}) => ({
  time: "2025-07-01T04:05:00.000Z",
  user: { uid: member.uid, name: member.name, email: member.email },
  report: { id: "00005098", name_jp: "暑熱ストレススコア", name_en: "Heat-stress score", unit: "pts" },
  ...over,
});

function writings(value: string): string[] {
  const parts = value.split(/[\s@+]+/).filter((p) => p.length >= 2);
  const form = new URLSearchParams({ v: value }).toString().slice(2);
  return [value, encodeURIComponent(value), form, ...parts, ...parts.map(encodeURIComponent)];
}
const personal = [...writings(member.name), ...writings(member.email)];

const paths: [string, string][] = [
  ["memberDataPath", staffPath(memberDataPath(member.uid), "harbor")],
  ["memberReportPath", staffPath(memberReportPath("00005091", member.uid), "harbor")],
  ["memberReportPath at", staffPath(memberReportPath("00005098", member.uid, 1751342700), "harbor")],
  ["reportLinkOf (measurement alert)", staffPath(reportLinkOf(notification()), "harbor")],
  ["reportLinkOf (sync alert)", staffPath(reportLinkOf(notification({ report: null })), "harbor")],
  [
    "staff answer page",
    staffPath(
      `${STAFF_ANSWER_PATH(7)}?${answerSearch({ sent_order: 1, user_id: member.uid, date: "2025-07-01T04:05:00.000Z" })}`,
      "harbor",
    ),
  ],
  ["answers tab", staffPath(STAFF_ANSWERS_TAB_PATH(7), "harbor")],
  ["form", formsPaths.form("harbor", 7)],
];

describe("paths that name a member carry ids only", () => {
  it.each(paths)("%s: %s", (_, path) => {
    for (const w of personal) expect(path, `${path} contains ${w}`).not.toContain(w);
  });

  it("name the member by id", () => {
    expect(staffPath(memberDataPath(member.uid), "harbor")).toBe(
      `/staff/users/${member.uid}?workspace=harbor`,
    );
    expect(memberReportPath("00005098", member.uid, 1751342700)).toBe(
      `/staff/reports/00005098/${member.uid}?at=1751342700`,
    );
    expect(memberReportPath("00005091", "a/b")).toBe("/staff/reports/00005091/a%2Fb");
  });

  it("the answer page reads no name or e-mail from an old link's query or state", () => {
    const old = new URLSearchParams({
      sent_order: "1",
      user_id: member.uid,
      user_name: member.name,
      user_email: member.email,
      date: "",
    });
    const target = answerTargetOf({ user_name: member.name, user_email: member.email }, old);
    expect(JSON.stringify(target)).not.toMatch(/Tanaka|hanako/);
  });
});

describe("old links: the personal parameters are taken out of the address", () => {
  it.each([
    ["?name=Tanaka+Hanako&email=hanako%40example.jp&workspace=harbor", "?workspace=harbor"],
    ["?workspace=harbor&at=1751342700&name=X&email=x%40y.jp", "?workspace=harbor&at=1751342700"],
    [
      "?sent_order=1&user_id=u&user_name=X&user_email=x%40y.jp&date=d&workspace=w",
      "?sent_order=1&user_id=u&date=d&workspace=w",
    ],
    ["?name=X", ""],
    ["?workspace=harbor", "?workspace=harbor"],
    ["", ""],
  ])("%s → %s", (search, expected) => {
    expect(withoutPersonalParams(search)).toBe(expected);
  });

  it("knows the four parameters older versions used", () => {
    expect([...PERSONAL_PARAMS]).toEqual(["name", "email", "user_name", "user_email"]);
  });
});

/** Every production source of the web app (tests and type declarations left out). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.(test|d)\.ts$/.test(e.name) ? [p] : [];
  });
}

describe("no source builds a URL with a person's name or e-mail address", () => {
  const src = join(dirname(fileURLToPath(import.meta.url)), "..");
  const personalKey = "(name|email|user_name|user_email)";
  /** A query object (`new URLSearchParams({ … })`) with a personal key. */
  const queryKey = new RegExp(`(^|[\\s,{])${personalKey}\\s*[:,}]`, "m");
  /** A path template (`` `/…/${…email…}` ``) interpolating a personal value. */
  const pathValue = new RegExp(`\`/[\\w-]+/[^\`]*\\$\\{[^}]*\\b${personalKey}\\b[^}]*\\}`);
  /** The typed client's parameters (`params: { path: { … }, query: { … } }`, api/client.ts) with a personal key. */
  const typedParams = /\b(?:path|query):\s*\{([^{}]*\})/g;
  /** What a source does wrong, if anything. */
  function problems(text: string): string[] {
    const queries = [...text.matchAll(/URLSearchParams\(\{([\s\S]*?)\}\)/g), ...text.matchAll(typedParams)]
      .filter((m) => queryKey.test(m[1] ?? ""))
      .map((m) => m[0]);
    const paths = [pathValue.exec(text)?.[0]].filter((m): m is string => !!m);
    return [...queries, ...paths].map((m) => m.replace(/\s+/g, " ").slice(0, 120));
  }

  it("finds the ways older versions did it", () => {
    const older = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text under test
      "`/staff/users/${id}?${new URLSearchParams({ name: u.name, email: u.email })}`",
      "new URLSearchParams({\n  sent_order: String(t.sent_order),\n  user_id: t.user_id,\n  user_name: t.user_name,\n})",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text under test
      "api.get(`/self/language/${encodeURIComponent(email)}`)",
      'api.get("/self/language/{email}", { params: { path: { email } } })',
      'api.get("/x", { params: { query: { timezone, user_name: u.name } } })',
    ];
    for (const text of older) expect(problems(text), text).not.toEqual([]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text under test
    const ids = "new URLSearchParams({ timezone, at: String(at) }); `/staff/${seg(ws)}/users/${seg(id)}`";
    expect(problems(ids)).toEqual([]);
    expect(
      problems('api.get("/staff/{workspace}/users/{id}", { params: { path: { workspace: ws, id } } })'),
    ).toEqual([]);
  });

  it("holds for every file", () => {
    // (api/schema.ts, generated, describes the server's paths, the spec's `/self/language/{email}` among them)
    const found = sources(src)
      .filter((file) => relative(src, file) !== join("api", "schema.ts"))
      .flatMap((file) => problems(readFileSync(file, "utf8")).map((p) => `${relative(src, file)}: ${p}`));
    expect(found).toEqual([]);
  });
});
