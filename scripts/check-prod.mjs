// CI's production lane (issue 31 §1), after `npm run build`: copies the artefact alone into an empty folder, installs
// it with `npm ci --omit=dev` (no Vite, no TypeScript, no test tools), starts it with `npm run start:prod` on the
// embedded database and proves that one node process serves the API and the web without building anything.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ARTEFACT } from "./artefact.mjs";
import { root } from "./web-build.mjs";

/** Stops the check: thrown, so that the server is stopped and the folder removed on the way out. */
function fail(msg) {
  throw new Error(msg);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const dir = mkdtempSync(path.join(tmpdir(), "mimamori-prod-"));
try {
  for (const p of ARTEFACT) {
    if (!existsSync(path.join(root, p))) fail(`${p} is missing: run \`npm run build\` first`);
    cpSync(path.join(root, p), path.join(dir, p), { recursive: true, dereference: true });
  }
  const install = spawnSync("npm", ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"], {
    cwd: dir,
    stdio: "inherit",
  });
  if (install.status !== 0) fail("npm ci --omit=dev failed");
  for (const dev of ["vite", "vitest", "@biomejs/biome", "drizzle-kit", "playwright-core"])
    if (existsSync(path.join(dir, "node_modules", dev)))
      fail(`a development dependency was installed: ${dev}`);

  const bundle = path.join(dir, "apps/server/dist/main.mjs");
  const builtAt = statSync(bundle).mtimeMs;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn("npm", ["run", "start:prod"], {
    cwd: dir,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(dir, "data"),
      JOBS: "off",
    },
    detached: true,
  });
  const exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })));
  try {
    let ready = false;
    for (let i = 0; i < 240 && !ready; i++) {
      await new Promise((r) => setTimeout(r, 500));
      ready = await fetch(`${base}/api/readyz`)
        .then((r) => r.status === 200)
        .catch(() => false);
    }
    if (!ready) fail("GET /api/readyz did not answer 200 within 2 minutes");
    const page = await (await fetch(`${base}/staff`)).text();
    if (!page.includes('<div id="root">')) fail("the web app is not served");
    const signIn = await fetch(`${base}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "staff@example.com", password: "mimamori-demo" }),
    });
    if (signIn.status !== 200) fail(`a demo sign-in answered ${signIn.status}`);
    if (statSync(bundle).mtimeMs !== builtAt) fail("the start rebuilt the server bundle");
    console.log("check-prod: ready; the web and the API served by the one node process of start:prod");
  } finally {
    process.kill(-server.pid, "SIGTERM");
  }
  const { code, signal } = await exited;
  if (code !== 0 && signal !== "SIGTERM") fail(`the server exited with ${code ?? signal} on SIGTERM`);
  console.log("check-prod: the production artefact installs without development dependencies and serves");
} catch (err) {
  console.error(`check-prod: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
