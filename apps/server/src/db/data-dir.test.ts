import { once } from "node:events";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import "../test/provided";
import { gunzipSync } from "node:zlib";
import { verifyPassword } from "../lib/crypto";
import { type NodeProcess, REPO_ROOT, SERVER_MAIN, startNode, waitHealthy } from "../test/child-process";
import { freePort } from "../test/free-port";
import { readBackup } from "../tools/backup-file";
import { openDatabase, rows } from "./client";
import { LOCK_FILE, lockDataDir } from "./lock";
import { users } from "./schema";

/**
 * The embedded database's folder, end to end through the real entry points as child processes: one server per
 * folder, backup and restore, and a damaged folder. PGlite only (against PostgreSQL there is no folder).
 */
const ADMIN = { email: "owner@example.com", password: "correct horse battery" };

/** Runs `script` (the server, a tool) as a child process, quiet but for warnings. */
function run(script: string, args: string[], env: Record<string, string>, nodeArgs?: string[]) {
  return startNode(script, args, { LOG_LEVEL: "warn", ...env }, nodeArgs);
}

/** Runs a tool to its end. */
async function tool(script: string, args: string[], env: Record<string, string>) {
  const r = run(script, args, env);
  const code = await r.exit;
  return { code, stdout: r.stdout, stderr: r.stderr };
}

/** A migrated data folder made from the test template (no account in it). */
async function migratedFolder(dir: string) {
  const template = new Blob([readFileSync(inject("pgliteTemplate"))]);
  const database = await openDatabase({ dataDir: dir, pgliteLoadDataDir: template });
  await database.close();
}

async function accounts(dir: string) {
  const database = await openDatabase({ dataDir: dir });
  try {
    return await rows<{ email: string; is_super_user: boolean; password_hash: string }>(
      database.db,
      sql`select email, is_super_user, password_hash from ${users} order by email`,
    );
  } finally {
    await database.close();
  }
}

describe.skipIf(!!process.env.DATABASE_URL)("the embedded database's folder", () => {
  let tmp: string;
  let data: string;
  const servers: NodeProcess[] = [];
  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), "mimamori-datadir-"));
    data = path.join(tmp, "data");
    await migratedFolder(data);
  });
  afterAll(() => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill("SIGKILL");
    rmSync(tmp, { recursive: true, force: true });
  });

  // child processes start tsx and PGlite: seconds each, more on a busy machine
  const SLOW = { timeout: 180_000 };

  it(
    "npm start's bundle of the server (scripts/server-process.mjs) migrates a new folder and serves it",
    SLOW,
    async () => {
      const code =
        "const p = await import('./scripts/server-process.mjs'); " +
        "console.log(JSON.stringify({ entry: p.buildServer(), args: p.serverNodeArgs({}), " +
        "pgArgs: p.serverNodeArgs({ DATABASE_URL: 'postgres://db/x' }), env: p.serverEnv({}) }))";
      const build = run("-e", [code], {}, ["--input-type=module"]);
      // "close": the process has exited and its output has all been read
      const [exitCode] = await once(build.child, "close");
      const built = { code: exitCode, stdout: build.stdout, stderr: build.stderr };
      expect(built.code, built.stderr).toBe(0);
      const { entry, args, pgArgs, env } = JSON.parse(built.stdout);
      expect(entry).toBe(path.join(REPO_ROOT, "apps/server/dist/main.mjs"));
      expect(args).toEqual(["--heap-growing-percent=150", "--max-semi-space-size=4", "--liftoff-only"]);
      // no WebAssembly database in the process
      expect(pgArgs).toEqual(["--heap-growing-percent=150", "--max-semi-space-size=4"]);
      expect(env).toEqual({ MALLOC_ARENA_MAX: "2" });
      const port = await freePort();
      const folder = path.join(tmp, "bundled");
      const server = run(
        entry,
        [],
        { ...env, DATA_DIR: folder, PORT: String(port), SEED_DEMO: "false" },
        args,
      );
      servers.push(server);
      await waitHealthy(server, port);
      const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
      // no SMTP_URL outside production: the development mailbox is on
      expect(health).toEqual({ status: "ok", db: "pglite", demo: false, mailbox: true });
      server.child.kill("SIGTERM");
      expect(await server.exit).toBe(0);
      expect(existsSync(path.join(folder, LOCK_FILE))).toBe(false);
    },
  );

  it(
    "serves from one process only: a second server and a tool are refused, the lock goes at shutdown",
    SLOW,
    async () => {
      const port = await freePort();
      const first = run(SERVER_MAIN, [], {
        DATA_DIR: data,
        PORT: String(port),
        SEED_DEMO: "false",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      });
      servers.push(first);
      await waitHealthy(first, port);
      expect(first.stdout).toContain(`Super user ${ADMIN.email} created (ADMIN_EMAIL).`);
      expect(JSON.parse(readFileSync(path.join(data, LOCK_FILE), "utf8")).pid).toBe(first.child.pid);

      const second = run(SERVER_MAIN, [], { DATA_DIR: data, PORT: String(await freePort()) });
      servers.push(second);
      expect(await second.exit).toBe(1);
      expect(second.stderr).toContain(`The data folder ${data} is in use by another Mimamori process`);
      expect(second.stderr).toMatch(
        new RegExp(`main\\.ts \\(pid ${first.child.pid}, since \\d{4}-\\d\\d-\\d\\dT`),
      );
      expect(second.stderr).not.toMatch(/^\s+at /m); // a message, not a stack trace

      const seed = await tool("apps/server/src/tools/seed-cli.ts", [], { DATA_DIR: data });
      expect(seed.code).toBe(1);
      expect(seed.stderr).toContain(`pid ${first.child.pid}`);
      // the first server is unharmed
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

      first.child.kill("SIGTERM");
      expect(await first.exit).toBe(0);
      expect(existsSync(path.join(data, LOCK_FILE))).toBe(false);
    },
  );

  it("npm run create-admin adds a super user (password from ADMIN_PASSWORD), once", SLOW, async () => {
    const args = ["--email", "second@example.com", "--name", "Second Admin", "--language", "en"];
    const env = { DATA_DIR: data, ADMIN_PASSWORD: "another long password" };
    const created = await tool("apps/server/src/tools/create-admin.ts", args, env);
    expect(created.stderr).toBe("");
    expect(created.stdout).toContain("Super user second@example.com created (pglite).");
    const again = await tool("apps/server/src/tools/create-admin.ts", args, env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("An account with second@example.com exists already (a super user)");
    const second = (await accounts(data)).find((a) => a.email === "second@example.com");
    expect(second?.is_super_user).toBe(true);
    expect(await verifyPassword(second?.password_hash ?? null, env.ADMIN_PASSWORD)).toBe(true);
    const { ADMIN_PASSWORD: _, ...noPassword } = env;
    const noTerminal = await tool("apps/server/src/tools/create-admin.ts", args, noPassword);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toContain("set ADMIN_PASSWORD");
  });

  it("backs up and restores: the data are in the restored folder", SLOW, async () => {
    const file = path.join(tmp, "backup.tar.gz");
    const backup = await tool("apps/server/src/tools/backup.ts", [file], { DATA_DIR: data });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up ${data} to ${file}`);
    // the dump carries the backing-up process's lock file; a restore leaves it out
    expect(gunzipSync(readFileSync(file)).includes(LOCK_FILE)).toBe(true);
    expect(readBackup(file).includes(LOCK_FILE)).toBe(false);

    const restored = path.join(tmp, "restored");
    const restore = await tool("apps/server/src/tools/restore.ts", [file], { DATA_DIR: restored });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("(2 accounts)");
    const [owner] = await accounts(restored);
    expect(owner).toMatchObject({ email: ADMIN.email, is_super_user: true });
    expect(await verifyPassword(owner?.password_hash ?? null, ADMIN.password)).toBe(true);
    expect(existsSync(path.join(restored, LOCK_FILE))).toBe(false);

    // not over a database without --replace; with it, the old one is moved aside
    const again = await tool("apps/server/src/tools/restore.ts", [file], { DATA_DIR: restored });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${restored} is not empty`);
    const replaced = await tool("apps/server/src/tools/restore.ts", ["--replace", file], {
      DATA_DIR: restored,
    });
    expect(replaced.code).toBe(0);
    const aside = readdirSync(tmp).find((e) => e.startsWith("restored.before-restore-"));
    expect(aside && existsSync(path.join(tmp, aside, "PG_VERSION"))).toBe(true);

    // never while a process holds the folder
    const lock = lockDataDir(restored);
    try {
      const busy = await tool("apps/server/src/tools/restore.ts", ["--replace", file], {
        DATA_DIR: restored,
      });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain(`The data folder ${restored} is in use`);
      expect(busy.stderr).toContain(`pid ${process.pid}`);
    } finally {
      lock.release();
    }
    expect((await accounts(restored)).map((a) => a.email)).toEqual([ADMIN.email, "second@example.com"]);

    // a file that is not a backup is refused before the folder is touched
    writeFileSync(path.join(tmp, "junk.tar.gz"), "junk");
    const junk = await tool("apps/server/src/tools/restore.ts", ["junk.tar.gz"], {
      DATA_DIR: path.join(tmp, "never"),
      INIT_CWD: tmp,
    });
    expect(junk.code).toBe(1);
    expect(junk.stderr).toContain("is not a backup");
    expect(existsSync(path.join(tmp, "never"))).toBe(false);
  });

  const damages: [string, (dir: string) => void][] = [
    ["its control file truncated", (dir) => truncateSync(path.join(dir, "global", "pg_control"), 0)],
    [
      "its table files overwritten",
      (dir) => {
        const db = path.join(dir, "base", "5");
        for (const f of readdirSync(db)) writeFileSync(path.join(db, f), Buffer.alloc(8192, 0x5a));
      },
    ],
  ];
  it.each(damages)("says which folder is damaged and how to restore it: %s", SLOW, async (_, damage) => {
    const copy = path.join(tmp, `damaged-${Math.random().toString(36).slice(2)}`);
    cpSync(data, copy, { recursive: true });
    damage(copy);
    const r = run(SERVER_MAIN, [], { DATA_DIR: copy, PORT: String(await freePort()) });
    servers.push(r);
    expect(await r.exit).toBe(1);
    expect(r.stderr).toContain(`The embedded database in ${copy} could not be opened`);
    expect(r.stderr).toContain(`DATA_DIR=${copy} npm run restore -- --replace <backup.tar.gz>`);
    expect(r.stderr).not.toContain("RuntimeError");
    expect(r.stderr).not.toContain("Aborted()");
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(path.join(copy, LOCK_FILE))).toBe(false);
  });
});
