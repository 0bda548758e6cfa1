import { MESSAGES, webhookTestEventSchema } from "@mimamori/shared";
import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../apps/server/src/features/webhooks/test-receiver";
import { checkPage, type E2e, signInAsStaffOf, startE2e, switchLanguage } from "./lib/app";
import { DESKTOP, newContext, PHONE } from "./lib/browser";

/**
 * Issue 31 §6, signed webhooks: staff add a webhook to a receiver this test runs, copy the secret shown once,
 * press "Send a test"; the receiver gets a request the standardwebhooks package verifies, and the delivery log shows
 * it delivered. Japanese on a desktop, English at 390 px.
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
  await expect.poll(() => page.getByText(s.empty).count()).toBeGreaterThan(0);
  await checkPage(page, `${lang}-staff-webhooks-empty-${size}`);

  // add: URL, kinds (both by default), a description
  await page.getByRole("button", { name: s.add }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(new RegExp(`^${regexSafe(s.url)}`)).fill("ftp://example.com");
  await dialog.getByRole("button", { name: s.add }).click();
  await expect.poll(() => dialog.getByText(MESSAGES["webhook-url-invalid"][lang]).count()).toBeGreaterThan(0);
  await checkPage(page, `${lang}-staff-webhooks-add-error-${size}`);
  await dialog.getByLabel(new RegExp(`^${regexSafe(s.url)}`)).fill(receiver.url);
  await dialog.getByLabel(s.description).fill("Pager duty");
  await dialog.getByRole("button", { name: s.add }).click();

  // the secret, shown once
  const secretBox = page.getByTestId("webhook-secret");
  await expect.poll(() => secretBox.inputValue()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const secret = await secretBox.inputValue();
  await checkPage(page, `${lang}-staff-webhooks-secret-${size}`);
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
  await checkPage(page, `${lang}-staff-webhooks-list-${size}`);
  if (size === "390")
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // the delivery log shows it delivered
  await page.getByRole("button", { name: s.log(receiver.url) }).click();
  const log = page.getByRole("dialog");
  await expect.poll(() => log.getByText(s.delivered).count()).toBeGreaterThan(0);
  expect(await log.getByText("webhook.test").count()).toBeGreaterThan(0);
  await checkPage(page, `${lang}-staff-webhooks-log-${size}`);
  await log.getByRole("button", { name: s.close }).click();
  await log.waitFor({ state: "detached" });

  // delete with a confirmation
  await page.getByRole("button", { name: s.deleteOf(receiver.url) }).click();
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
});
