import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The repository's root, where `npm start` and the tools run. */
export const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
export const SERVER_MAIN = "apps/server/src/main.ts";

/** A script (the server, a tool) running in its own Node process. */
export interface NodeProcess {
  readonly child: ChildProcess;
  stdout: string;
  stderr: string;
  /** Standard output and error together, in the order they came. */
  output: string;
  /** How it ended ("code 1", "signal SIGKILL"); null while it runs. */
  exitReason: string | null;
  /** Its exit code (null when a signal ended it). */
  readonly exit: Promise<number | null>;
}

/**
 * Runs `script` with `args` in Node (TypeScript through tsx unless `nodeArgs` say otherwise) from the repository's
 * root, on the embedded database unless `env` names a DATABASE_URL, without the web app, on 127.0.0.1.
 */
export function startNode(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  nodeArgs = ["--import", "tsx"],
): NodeProcess {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd: REPO_ROOT,
    // an undefined value leaves the variable out
    env: { ...process.env, DATABASE_URL: undefined, WEB_DIST: "", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const proc: NodeProcess = {
    child,
    stdout: "",
    stderr: "",
    output: "",
    exitReason: null,
    exit: new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        proc.exitReason = signal ? `signal ${signal}` : `code ${code}`;
        resolve(code);
      }),
    ),
  };
  child.stdout?.on("data", (d) => {
    proc.stdout += d;
    proc.output += d;
  });
  child.stderr?.on("data", (d) => {
    proc.stderr += d;
    proc.output += d;
  });
  return proc;
}

/** Waits until `ready()` holds; fails with the process's last output if it exits first or takes over `timeoutMs`. */
export async function waitUntil(
  proc: NodeProcess,
  ready: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitReason)
      throw new Error(`it exited (${proc.exitReason}) before ${what}:\n${proc.output.slice(-4000)}`);
    if (await ready()) return;
    if (Date.now() > deadline)
      throw new Error(`not ${what} within ${timeoutMs} ms:\n${proc.output.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the server on `port` answers its health check. */
export function waitHealthy(proc: NodeProcess, port: number): Promise<void> {
  const healthy = () =>
    fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.arrayBuffer().then(() => res.ok),
      () => false,
    );
  return waitUntil(proc, healthy, "healthy");
}

/** The server's address, from Fastify's listening line (PORT=0 and LOG_FORMAT=json), once it has started. */
export async function listeningAt(proc: NodeProcess): Promise<string> {
  const listening = () => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(proc.output)?.[1];
  await waitUntil(proc, () => Boolean(listening()), "listening");
  return listening() as string;
}

/** SIGKILL, and waits until the process is gone. */
export async function kill9(proc: NodeProcess): Promise<void> {
  if (proc.exitReason === null) proc.child.kill("SIGKILL");
  await proc.exit;
}

/** SIGTERM (the server closes the app and the database), SIGKILL if it is not gone after `graceMs`. */
export async function stopGracefully(proc: NodeProcess, graceMs = 15_000): Promise<void> {
  if (proc.exitReason !== null) return;
  proc.child.kill("SIGTERM");
  const killer = setTimeout(() => proc.child.kill("SIGKILL"), graceMs);
  await proc.exit;
  clearTimeout(killer);
}
