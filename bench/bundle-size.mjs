// Prints the JavaScript the sign-in page loads before it is usable (entry + its route chunk), raw and
// gzipped, by loading the page in Chromium against a freshly started server.
// Usage: npm run bench:bundle   (needs Chromium: /usr/bin/chromium or CHROMIUM_PATH)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { ensureWebBuild, root } from "../scripts/web-build.mjs";

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

ensureWebBuild();
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), "mimamori-bench-"));
const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", HOST: "127.0.0.1" },
  stdio: "ignore",
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 120) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  const page = await browser.newPage();
  const scripts = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() === "script")
      scripts.push({ url: new URL(res.url()).pathname, body: await res.body() });
  });
  await page.goto(`${base}/auth/client/sign-in`, { waitUntil: "networkidle" });
  await page.getByRole("button").first().waitFor();
  await browser.close();
  let raw = 0;
  let gz = 0;
  console.log("Sign-in page JavaScript (loaded until network idle):");
  for (const s of scripts.sort((a, b) => b.body.length - a.body.length)) {
    const g = gzipSync(s.body).length;
    raw += s.body.length;
    gz += g;
    console.log(
      `  ${s.url.padEnd(48)} ${(s.body.length / 1024).toFixed(1).padStart(8)} KB  ${(g / 1024).toFixed(1).padStart(7)} KB gzip`,
    );
  }
  console.log(
    `  ${"total".padEnd(48)} ${(raw / 1024).toFixed(1).padStart(8)} KB  ${(gz / 1024).toFixed(1).padStart(7)} KB gzip (${scripts.length} files)`,
  );
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
