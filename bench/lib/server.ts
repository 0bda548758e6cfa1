/**
 * What the benchmarks share: the real server (apps/server/src/main.ts) as a child process, its RSS from /proc,
 * and percentiles. The server runs in its own process so its figures (latency, RSS) are its own, not the load
 * generator's.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, get, request } from "node:http";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { buildServer, serverEnv, serverNodeArgs } from "../../scripts/server-process.mjs";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** AUTH_SECRET of the benchmark servers: id tokens can be signed by the script itself. */
export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
export const DATABASE_URL = process.env.DATABASE_URL || undefined;
const HEALTH_TIMEOUT_MS = 60_000;
/** PGlite checkpoints its whole data folder on close, which takes a while after a big run. */
const STOP_TIMEOUT_MS = 120_000;

export const progress = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

/** The p-th percentile (nearest rank) of `xs`. */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * An agent keeping its connections open between requests, closing one left idle for 60 s: the server closes an
 * idle connection after 72 s (Fastify's keep-alive timeout), and a request sent on it as it closes fails with
 * ECONNRESET — the likeliest cause of the one reset a 10-minute fleet step saw (bench/README.md), an error of the
 * bench's client, not of the server.
 */
export function keepAliveAgent(maxSockets = Number.POSITIVE_INFINITY): Agent {
  return new Agent({ keepAlive: true, maxSockets, timeout: 60_000 });
}

export class Server {
  readonly base: string;
  /** Set once the child has ended ("code 0", "signal SIGKILL"). */
  exitReason: string | null = null;
  private readonly exited: Promise<void>;

  constructor(
    readonly child: ChildProcess,
    port: number,
  ) {
    this.base = `http://127.0.0.1:${port}/api`;
    this.exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        this.exitReason = signal ? `signal ${signal}` : `code ${code}`;
        resolve();
      }),
    );
  }

  get pid(): number {
    return this.child.pid as number;
  }

  /** Keeps one connection for `timeToLastByte`, as fetch keeps its own. */
  private readonly agent = keepAliveAgent(1);

  /** Keeps a connection per concurrent `post`. */
  private readonly postAgent = keepAliveAgent();

  /** Graceful stop (main.ts closes the app and the database on SIGTERM); SIGKILL after `graceMs`. */
  async stop(graceMs = STOP_TIMEOUT_MS): Promise<void> {
    if (this.exitReason !== null) return;
    this.agent.destroy();
    this.postAgent.destroy();
    this.child.kill("SIGTERM");
    const killer = setTimeout(() => this.child.kill("SIGKILL"), graceMs);
    await this.exited;
    clearTimeout(killer);
  }

  /**
   * GET `p` as a browser asks for it (gzip accepted), timed from the request to the response's last byte as sent,
   * without decoding it: the server's latency. `fetch` also gunzips and buffers the body in this process, which
   * for a 460 KB answer adds ~1.8 ms at the median and ~4.6 ms at p95 of the client's own time (a bare server
   * sending the same gzipped body: 0.13 / 0.20 ms this way). One connection unless the caller passes an
   * `agent` of its own (concurrent callers).
   */
  timeToLastByte(
    p: string,
    token: string,
    agent: Agent = this.agent,
  ): Promise<{ status: number; ms: number; bytes: number }> {
    const t0 = performance.now();
    return new Promise((resolve, reject) => {
      get(
        `${this.base}${p}`,
        { agent, headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" } },
        (res) => {
          let bytes = 0;
          res.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, bytes }));
          res.on("error", reject);
        },
      ).on("error", reject);
    });
  }

  /**
   * POSTs a JSON body through node:http, answering the status and the body's text: the upload loops' client.
   * With `fetch` the load generator took ~1.05 µs of CPU a sample, with this 0.43–0.72 µs (bench/README.md,
   * 2026-11-24): CPU the server and the database share with it on two cores.
   */
  post(p: string, token: string, body: string | Buffer): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const fail = (err: unknown) => reject(this.failure("POST", p, err));
      const headers = {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      };
      request(`${this.base}${p}`, { method: "POST", agent: this.postAgent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on("error", fail);
      })
        .on("error", fail)
        .end(body);
    });
  }

  async fetch(p: string, token: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(`${this.base}${p}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...init.headers },
      });
    } catch (err) {
      throw this.failure(init.method ?? "GET", p, err);
    }
  }

  /** A request's failure, saying so when it is the server that has gone. */
  private failure(method: string, p: string, err: unknown): Error {
    const why = this.exitReason ? `the server exited (${this.exitReason})` : String(err);
    return new Error(`${method} ${p}: ${why}`, { cause: err });
  }

  /** One batch through POST /user/vitals; answers how many samples the server accepted (anything but 200 throws). */
  async uploadVitals(token: string, body: string | Buffer): Promise<number> {
    const { status, text } = await this.post("/user/vitals", token, body);
    if (status !== 200) throw new Error(`POST /user/vitals: ${status} ${text.slice(0, 500)}`);
    return (JSON.parse(text) as { accepted: number }).accepted;
  }
}

/** The server's bundle, built once per bench process. */
let serverEntry: string | undefined;

/**
 * Starts the server on a free port with the embedded database in `dataDir` (or DATABASE_URL), no demo data and
 * log lines from warn up; resolves once GET /api/health answers 200.
 * BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
 */
export async function startServer(
  dataDir: string | undefined,
  env: Record<string, string> = {},
): Promise<Server> {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_SERVER_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
  serverEntry ??= buildServer();
  const child = spawn(process.execPath, [...nodeArgs, ...serverNodeArgs(), serverEntry], {
    cwd: ROOT,
    env: serverEnv({
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      AUTH_SECRET: BENCH_SECRET,
      LOG_LEVEL: "warn",
      WEB_DIST: "",
      SEED_DEMO: "false",
      // the benches upload as fast as the server takes it: the per-client limits (issue 31 §5) would refuse them
      RATE_LIMIT_BAND_UPLOADS: "0",
      RATE_LIMIT_FILE_UPLOADS: "0",
      RATE_LIMIT_EXPORTS: "0",
      // the datasets reach a year back: the raw-data retention job (default 90 days) would remove part of them
      RAW_RETENTION_DAYS: "3650",
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
      ...env,
    }),
    stdio: ["ignore", "pipe", "inherit"],
  });
  forwardLogLines(child);
  const server = new Server(child, port);
  await waitHealthy(server);
  return server;
}

/** Passes the server's log lines (JSON, warn and above) on to stderr; drops its start-up banner. */
function forwardLogLines(child: ChildProcess) {
  if (!child.stdout) return;
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (line.startsWith("{")) process.stderr.write(`[server] ${line}\n`);
  });
}

async function waitHealthy(server: Server): Promise<void> {
  const deadline = performance.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (server.exitReason) throw new Error(`the server exited during start-up (${server.exitReason})`);
    const status = await fetch(`${server.base}/health`).then(
      (res) => res.arrayBuffer().then(() => res.status),
      () => 0,
    );
    if (status === 200) return;
    if (performance.now() > deadline)
      throw new Error(
        `the server did not answer GET /api/health with 200 within ${HEALTH_TIMEOUT_MS / 1000} s`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A write that changes nothing the reports read but, like any write, makes the server drop its kept answers
 * (db/changes.ts): the benches call it before each call of a "computed" series.
 */
export async function changeSomething(server: Server, token: string) {
  const res = await server.fetch("/user/language", token, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ language: "jp" }),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`PUT /user/language: ${res.status}`);
}

/** The server's VmRSS every 100 ms (peak since the last reset) and its VmHWM, in kB, from /proc. */
export class RssSampler {
  peakKb = 0;
  hwmKb = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.timer = setInterval(() => this.sample(), 100);
    this.timer.unref(); // must not keep the process alive when a run fails
    this.sample();
  }

  /** The current VmRSS in kB (0 once the process has gone). */
  currentKb(): number {
    return this.read("VmRSS");
  }

  sample(): void {
    this.peakKb = Math.max(this.peakKb, this.read("VmRSS"));
    this.hwmKb = Math.max(this.hwmKb, this.read("VmHWM"));
  }

  private read(field: string): number {
    let status: string;
    try {
      status = readFileSync(`/proc/${this.pid}/status`, "utf8");
    } catch {
      return 0; // the process has gone
    }
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  }

  /** Starts a new phase: forgets the peak so far. */
  reset(): void {
    this.peakKb = 0;
    this.sample();
  }

  stop(): void {
    this.sample();
    clearInterval(this.timer);
  }
}
