import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Issue 28 §3: no name or e-mail address in any URL. `trackUrls` records every URL a browser context requests
 * (page loads, API calls, chunks) and every address its pages show; `personIn` names the URLs that carry a
 * person, raw or encoded.
 */

/** The ways a value can be written in a URL: as is, percent-encoded, form-encoded (spaces as +). */
function writings(value: string): string[] {
  return [
    ...new Set([value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)]),
  ];
}

/** The URLs of `urls` that carry one of `values` (names, e-mail addresses), case-insensitively. */
export function personIn(urls: string[], ...values: string[]): string[] {
  const needles = values.flatMap(writings).map((w) => w.toLowerCase());
  return urls.filter((u) => needles.some((n) => u.toLowerCase().includes(n)));
}

/** Fails when the page's address carries one of `values`. */
export function expectNoPersonInUrl(page: Page, ...values: string[]): void {
  expect(personIn([page.url()], ...values), "the page's URL names a person").toEqual([]);
}

/** Every URL the context requests or navigates to from now on. */
export function trackUrls(ctx: BrowserContext): string[] {
  const urls: string[] = [];
  ctx.on("request", (r) => urls.push(r.url()));
  const watch = (page: Page) =>
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) urls.push(frame.url());
    });
  for (const page of ctx.pages()) watch(page);
  ctx.on("page", watch);
  return urls;
}

const PERSONAL_PARAMS = ["name", "email", "user_name", "user_email"];

/** Waits until the address carries none of `values` and no personal parameter (an old link was cleaned). */
export async function waitForCleanUrl(page: Page, ...values: string[]): Promise<void> {
  const left = () => {
    const params = new URL(page.url()).searchParams;
    return [...personIn([page.url()], ...values), ...PERSONAL_PARAMS.filter((p) => params.has(p))];
  };
  await expect.poll(left, { timeout: 10_000 }).toEqual([]);
}
