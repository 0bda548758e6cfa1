// `npm run build`: the production artefact — the web app built (apps/web/dist) and the server bundled with its
// migrations beside it (apps/server/dist). `npm run start:prod` runs it with node alone; an install from it needs
// only `npm ci --omit=dev` (README, "Production").
import { spawnSync } from "node:child_process";
import { buildServer } from "./server-process.mjs";
import { root } from "./web-build.mjs";

console.log("Building the web app…");
const web = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
if (web.status !== 0) process.exit(web.status ?? 1);
console.log("Bundling the server…");
const entry = buildServer({ standalone: true });
console.log(`Built: ${entry} (with migrations/) and apps/web/dist — start it with \`npm run start:prod\`.`);
