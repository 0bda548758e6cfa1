// `npm run dev`: the API restarted on every server or shared change (tsx watch) on the same embedded database
// as `npm start`, and Vite with hot reload on http://localhost:5173, proxying /api to the server.
import { spawn } from "node:child_process";
import path from "node:path";
import { root } from "./web-build.mjs";

const apiPort = process.env.PORT ?? "3000";
const env = { ...process.env, PORT: apiPort, NODE_ENV: process.env.NODE_ENV ?? "development" };
const bin = (name) => path.join(root, "node_modules/.bin", name);

const children = [
  spawn(bin("tsx"), ["watch", "--clear-screen=false", path.join(root, "apps/server/src/main.ts")], {
    cwd: root,
    stdio: "inherit",
    env,
  }),
  spawn(bin("vite"), ["--config", path.join(root, "apps/web/vite.config.ts")], {
    cwd: root,
    stdio: "inherit",
    env: { ...env, API_URL: `http://localhost:${apiPort}` },
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
}
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => stop(0));
// One side ending (a crash at start, a port in use) ends the loop, so it never half-runs.
for (const c of children) c.on("exit", (code) => stop(code ?? 0));
