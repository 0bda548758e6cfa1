// `npm start`: builds the web app when its sources are newer than the build, bundles the server, then serves web
// and API from the bundle (scripts/server-process.mjs).
import { spawn } from "node:child_process";
import { buildServer, serverEnv, serverNodeArgs } from "./server-process.mjs";
import { ensureWebBuild, root } from "./web-build.mjs";

ensureWebBuild();
const server = spawn(process.execPath, [...serverNodeArgs(), buildServer()], {
  cwd: root,
  stdio: "inherit",
  env: serverEnv(),
});
// The server shuts down gracefully on SIGTERM/SIGINT: pass them on and leave with its exit code.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
