// `npm start`: builds the web app when its sources are newer than the build, then serves web and API.
import { spawn } from "node:child_process";
import { SERVER_ENTRY, serverNodeArgs } from "./server-process.mjs";
import { ensureWebBuild, root } from "./web-build.mjs";

ensureWebBuild();
const server = spawn(process.execPath, [...serverNodeArgs(), SERVER_ENTRY], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
// The server shuts down gracefully on SIGTERM/SIGINT: pass them on and leave with its exit code.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
