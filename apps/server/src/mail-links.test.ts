import { HEAT_STRESS, LANGUAGES, type Language, measureOf } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import { notificationsUrl, reportUrl } from "./features/alerts/engine/mails";
import { digestUrl } from "./features/forms/mail-cap";
import { formUrl } from "./features/forms/send";
import type { AppContext } from "./lib/context";
import { type MailContent, type MailTemplate, mailTemplates } from "./lib/mail/templates";

/**
 * Issue 28 §3: no name or e-mail address in any URL of a mail. Every template is rendered, in both languages,
 * about a sample person and with the links its callers build (the alert engine's `reportUrl` and
 * `notificationsUrl`, the forms' `formUrl`, the token links of sign-up, password reset and invitations); no link
 * of the mail may carry the person's name or e-mail address, raw or encoded.
 */
const APP = "https://mimamori.test";
const person = {
  uid: "0b8f3c1e-5d6a-4f7b-9c2d-1e3f4a5b6c7d",
  name: "Tanaka Hanako 田中",
  email: "hanako+1@example.jp",
};
const staff = { name: "Sato Staff", email: "sato@example.jp" };
const ctx = { config: { appUrl: APP } } as AppContext;
const token = "Zm9vYmFyLXNlY3JldC10b2tlbi12YWx1ZS0xMjM0NTY3";
const at = new Date("2026-11-23T04:05:00Z");
const HEAT_STRESS_MEASURE = measureOf(HEAT_STRESS).measure;

const alertItems = [
  {
    member: person.name,
    measure: HEAT_STRESS_MEASURE,
    value: 88,
    at: at.getTime(),
    url: reportUrl(APP, "harbor", person, { measure: HEAT_STRESS_MEASURE, at }),
  },
  {
    member: person.name,
    at: at.getTime(),
    cleared: false,
    url: reportUrl(APP, "harbor", person, { measure: null, at }),
  },
];
const alertList = {
  name: staff.name,
  entityName: "Harbor Logistics",
  timeZone: "Asia/Tokyo",
  items: alertItems,
  more: 2,
  listUrl: notificationsUrl(APP, "harbor"),
};

/** One rendering of every template (a template added without a row here fails to compile). */
const renderings: { [K in MailTemplate]: (lang: Language) => MailContent } = {
  "verify-email": (lang) =>
    mailTemplates["verify-email"](lang, {
      name: person.name,
      url: `${APP}/auth/verify-email?token=${token}`,
    }),
  "reset-password": (lang) =>
    mailTemplates["reset-password"](lang, {
      name: person.name,
      url: `${APP}/auth/reset-password?token=${token}`,
    }),
  invite: (lang) =>
    mailTemplates.invite(lang, {
      name: person.name,
      entity: "Harbor Logistics",
      url: `${APP}/auth/set-password?token=${token}`,
    }),
  invitation: (lang) =>
    mailTemplates.invitation(lang, {
      name: person.name,
      entity: "Harbor Logistics",
      url: `${APP}/client/entities`,
    }),
  "staff-invitation": (lang) =>
    mailTemplates["staff-invitation"](lang, {
      name: person.name,
      entity: "Harbor Logistics",
      url: `${APP}/client/entities`,
    }),
  "form-request": (lang) =>
    mailTemplates["form-request"](lang, {
      name: person.name,
      formName: "体調チェック",
      entityName: "Harbor Logistics",
      url: formUrl(ctx, 7),
    }),
  "form-reminder": (lang) =>
    mailTemplates["form-reminder"](lang, {
      name: person.name,
      formName: "体調チェック",
      entityName: "Harbor Logistics",
      url: formUrl(ctx, 7),
    }),
  "form-digest": (lang) =>
    mailTemplates["form-digest"](lang, {
      name: person.name,
      items: [{ formName: "体調チェック", entityName: "Harbor Logistics" }],
      url: digestUrl(ctx),
    }),
  "alert-digest": (lang) =>
    mailTemplates["alert-digest"](lang, { ...alertList, type: "measurement", syncHours: 6 }),
  "alert-escalation": (lang) => mailTemplates["alert-escalation"](lang, { ...alertList, minutes: 30 }),
};

/** Every link of a mail: the html's href values (unescaped) and every http(s) URL of both bodies. */
function linksOf(mail: MailContent): string[] {
  const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => (m[1] ?? "").replaceAll("&amp;", "&"));
  const urls = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
  return [...hrefs, ...urls];
}

/** The ways a value can be written in a URL: as is, percent-encoded, form-encoded (spaces as +), in parts. */
function writings(value: string): string[] {
  const form = new URLSearchParams({ v: value }).toString().slice(2);
  const parts = value.split(/[\s@]+/).filter((p) => p.length >= 2);
  return [
    value,
    encodeURIComponent(value),
    encodeURI(value),
    form,
    ...parts,
    ...parts.map(encodeURIComponent),
  ];
}

describe("mail links carry no name or e-mail address", () => {
  const cases = Object.entries(renderings).flatMap(([template, render]) =>
    LANGUAGES.map((lang) => [template, lang, render] as const),
  );

  it.each(cases)("%s (%s)", (_, lang, render) => {
    const mail = render(lang);
    const links = linksOf(mail);
    expect(links.length).toBeGreaterThan(0);
    // the mail names the sample person in its text, but none of its links does
    expect(mail.text).toContain(person.name);
    for (const link of links)
      for (const w of [...writings(person.name), ...writings(person.email), ...writings(staff.email)])
        expect(link, `${link} contains ${w}`).not.toContain(w);
  });

  it("the member report link of an alert names the member by id only", () => {
    expect(reportUrl(APP, "harbor", person, { measure: HEAT_STRESS_MEASURE, at })).toBe(
      `${APP}/staff/reports/${HEAT_STRESS}/${person.uid}?workspace=harbor&at=${at.getTime() / 1000}`,
    );
  });
});
