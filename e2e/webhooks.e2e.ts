import { MESSAGES, webhookTestEventSchema } from "@mimamori/shared";
import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../apps/server/src/features/webhooks/test-receiver";
import {
  checkPage,
  type E2e,
  signInAs,
  signInAsStaffOf,
  startE2e,
  switchLanguage,
  waitForPath,
} from "./lib/app";
import { DESKTOP, newContext, PHONE } from "./lib/browser";

/**
 * Issue 31 §6, signed webhooks: staff add a webhook to a receiver this test runs, copy the secret shown once,
 * press "Send a test"; the receiver gets a request the standardwebhooks package verifies, and the delivery log shows
 * it delivered; then delete it with a confirmation. An admin does the same on the entity's page (the admin API).
 * Japanese on a desktop, English at 390 px.
 */
let e: E2e;
let base: string;
let receiver: Receiver;
beforeAll(async () => {
  e = await startE2e({ webhookAllowPrivate: true });
  base = e.t.url;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await e?.close();
});

const L = {
  jp: {
    tile: "Webhook",
    title: "Webhook",
    add: "Webhook を追加",
    url: "送信先URL",
    description: "説明",
    close: "閉じる",
    test: (url: string) => `${url} へテスト送信`,
    tested: "テストを送信しました（HTTP 204）。",
    log: (url: string) => `${url} の送信履歴`,
    delivered: "送信済み",
    deleteOf: (url: string) => `${url} への Webhook を削除`,
    confirmDelete: "削除",
    empty: "Webhook はまだありません。",
  },
  en: {
    tile: "Webhooks",
    title: "Webhooks",
    add: "Add webhook",
    url: "Address (URL)",
    description: "Description",
    close: "Close",
    test: (url: string) => `Send a test to ${url}`,
    tested: "Test delivered (HTTP 204).",
    log: (url: string) => `Delivery log of ${url}`,
    delivered: "Delivered",
    deleteOf: (url: string) => `Delete the webhook to ${url}`,
    confirmDelete: "Delete",
    empty: "No webhooks yet.",
  },
} as const;

const regexSafe = (text: string) => text.replace(/[()]/g, "\\$&");

async function journey(page: Page, lang: "jp" | "en", size: string) {
  const s = L[lang];
  const entity = lang === "jp" ? "sakura" : "harbor";
  // staff@example.com's account is Japanese: the English journey switches the language in the top bar
  await signInAsStaffOf(page, base, await entityName(entity), "jp");
  await page.goto(`${base}/staff/notification-settings?workspace=${entity}`);
  if (lang === "en") await switchLanguage(page, "English");
  await page.getByRole("link", { name: new RegExp(`^${s.tile}`) }).click();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(s.title);
  await manage(page, lang, size, "staff", entity);
}

/** An admin reaches the entity's webhooks on its page in the admin area (`/admin/entities/{ws}`). */
async function adminJourney(page: Page, lang: "jp" | "en", size: string) {
  const s = L[lang];
  const entity = lang === "jp" ? "harbor" : "sakura";
  await signInAs(page, base, "admin", "admin@example.com");
  await waitForPath(page, "/admin");
  await page.goto(`${base}/admin/entities/${entity}`);
  await expect
    .poll(() => page.getByRole("heading", { level: 1 }).textContent())
    .toBe(await entityName(entity));
  if (lang === "en") await switchLanguage(page, "English");
  await expect.poll(() => page.getByRole("heading", { level: 2, name: s.title }).count()).toBe(1);
  await manage(page, lang, size, "admin", entity);
}

/** The list's work, the same for staff and admins: add, the secret, send a test, the log, delete. */
async function manage(page: Page, lang: "jp" | "en", size: string, who: "staff" | "admin", entity: string) {
  const s = L[lang];
  const shot = (what: string) => checkPage(page, `${lang}-${who}-webhooks-${what}-${size}`);
  await expect.poll(() => page.getByText(s.empty).count()).toBeGreaterThan(0);
  await shot("empty");

  // add: URL, kinds (both by default), a description
  await page.getByRole("button", { name: s.add }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(new RegExp(`^${regexSafe(s.url)}`)).fill("ftp://example.com");
  await dialog.getByRole("button", { name: s.add }).click();
  await expect.poll(() => dialog.getByText(MESSAGES["webhook-url-invalid"][lang]).count()).toBeGreaterThan(0);
  await shot("add-error");
  await dialog.getByLabel(new RegExp(`^${regexSafe(s.url)}`)).fill(receiver.url);
  await dialog.getByLabel(s.description).fill("Pager duty");
  await dialog.getByRole("button", { name: s.add }).click();

  // the secret, shown once
  const secretBox = page.getByTestId("webhook-secret");
  await expect.poll(() => secretBox.inputValue()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const secret = await secretBox.inputValue();
  await shot("secret");
  await page.getByRole("dialog").getByRole("button", { name: s.close }).click();
  await page.getByRole("dialog").waitFor({ state: "detached" });

  // send a test: the receiver gets one signed request
  receiver.received.length = 0;
  await page.getByRole("button", { name: s.test(receiver.url) }).click();
  await expect.poll(() => page.getByText(s.tested).count()).toBeGreaterThan(0);
  expect(receiver.received).toHaveLength(1);
  const got = receiver.received[0] as Receiver["received"][number];
  const event = webhookTestEventSchema.parse(
    new Webhook(secret).verify(got.body, got.headers as Record<string, string>),
  );
  expect(event.data.workspace).toBe(entity);
  await shot("list");
  if (size === "390")
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // the delivery log shows it delivered
  // by keyboard: the row's icon button opens the log on Enter, Escape closes it
  await page.getByRole("button", { name: s.log(receiver.url) }).focus();
  await page.keyboard.press("Enter");
  const log = page.getByRole("dialog");
  await expect.poll(() => log.getByText(s.delivered).count()).toBeGreaterThan(0);
  expect(await log.getByText("webhook.test").count()).toBeGreaterThan(0);
  await shot("log");
  await page.keyboard.press("Escape");
  await log.waitFor({ state: "detached" });

  // delete with a confirmation
  await page.getByRole("button", { name: s.deleteOf(receiver.url) }).click();
  await shot("delete");
  await page.getByRole("dialog").getByRole("button", { name: s.confirmDelete }).click();
  await expect.poll(() => page.getByText(s.empty).count()).toBeGreaterThan(0);
}

async function entityName(ws: string): Promise<string> {
  const { entities } = await import("../apps/server/src/db/schema");
  const { eq } = await import("drizzle-orm");
  const [row] = await e.t.db.select().from(entities).where(eq(entities.workspaceName, ws));
  return row?.name ?? ws;
}

describe("signed webhooks", () => {
  it("staff (jp, desktop) add a webhook, send a test the receiver verifies, and see it delivered", async () => {
    const ctx = await newContext(e.browser, "jp", DESKTOP);
    await journey(await ctx.newPage(), "jp", "desktop");
    await ctx.close();
  });

  it("staff (en, 390 px) do the same on a phone", async () => {
    const ctx = await newContext(e.browser, "en", PHONE);
    await journey(await ctx.newPage(), "en", "390");
    await ctx.close();
  });

  it("an admin (jp, desktop) does it on the entity's page through the admin API", async () => {
    const ctx = await newContext(e.browser, "jp", DESKTOP);
    await adminJourney(await ctx.newPage(), "jp", "desktop");
    await ctx.close();
  });

  it("an admin (en, 390 px) does the same on a phone", async () => {
    const ctx = await newContext(e.browser, "en", PHONE);
    await adminJourney(await ctx.newPage(), "en", "390");
    await ctx.close();
  });
});
