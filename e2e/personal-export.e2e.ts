import { readFileSync } from "node:fs";
import type { Bundle } from "@medplum/fhirtypes";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILES } from "../apps/server/src/features/personal-export/readme";
import { bundleIssues } from "../apps/server/src/features/personal-export/test-fhir";
import { checkPage, type E2e, signInAs, startE2e, switchLanguage, waitForPath } from "./lib/app";
import { newContext, PHONE } from "./lib/browser";

/**
 * Issue 29 §3, "Export my data": a client exports from the profile page (jp), the downloaded ZIP holds the FHIR R4
 * Bundle and it passes the validator; the card in English at 390 px (staff and admins: the API tests).
 */
let e: E2e;
let base: string;
beforeAll(async () => {
  e = await startE2e({ vitalDays: 1 });
  base = e.t.url;
});
afterAll(() => e.close());

describe("export my data", () => {
  it("a client exports from the profile page; the ZIP's FHIR Bundle validates", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAs(page, base, "client", "client@example.com");
    await waitForPath(page, "/client");
    await page.goto(`${base}/client/profile`);
    const card = page.getByRole("region", { name: "データのエクスポート" });
    await card.waitFor();
    await checkPage(page, "jp-client-profile-export");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: "データをエクスポート" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mimamori-export-\d{8}\.zip$/);
    const files = unzipSync(readFileSync((await download.path()) as string));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(Object.values(FILES)));
    const bundle = JSON.parse(new TextDecoder().decode(files[FILES.fhir])) as Bundle;
    expect(bundle.type).toBe("collection");
    expect(bundle.entry?.some((x) => x.resource?.resourceType === "Observation")).toBe(true);
    expect(bundleIssues(bundle)).toEqual([]);
    await expect.poll(() => page.getByText(/mimamori-export-\d{8}\.zip.*を保存しました/).count()).toBe(1);
    await checkPage(page, "jp-client-profile-export-done");
    await ctx.close();
  }, 300_000);

  it("the card in English at 390 px", async () => {
    const phone = await newContext(e.browser, "jp", PHONE);
    const page = await phone.newPage();
    await signInAs(page, base, "client", "client@example.com");
    await waitForPath(page, "/client");
    await page.goto(`${base}/client/profile`);
    await switchLanguage(page, "English");
    const card = page.getByRole("region", { name: "Export my data" });
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkPage(page, "en-client-profile-export-390");
    await phone.close();
  }, 300_000);
});
