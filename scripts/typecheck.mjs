// `npm run typecheck`: the four TypeScript projects, two at a time. The compiler (TypeScript 7) spreads one
// project over the cores only part of the time, so two projects side by side keep both cores busy; each
// project's output is printed whole when it ends, and any failure fails the run.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { root } from "./web-build.mjs";

const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve("typescript/package.json")),
  "bin/tsc",
);
// the largest first, so the short ones fill in beside them
const projects = ["apps/web", ".", "apps/server", "packages/shared"];
const atOnce = Math.max(1, Math.min(2, availableParallelism()));

function check(project) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "-p", project], { cwd: root });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("close", (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(output);
      console.log(
        `typecheck ${project === "." ? "e2e + bench" : project}: ${code === 0 ? "ok" : "FAILED"} (${seconds} s)`,
      );
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = await Promise.all(
  Array.from({ length: atOnce }, async () => {
    const passed = [];
    for (let p = queue.shift(); p; p = queue.shift()) passed.push(await check(p));
    return passed.every(Boolean);
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
