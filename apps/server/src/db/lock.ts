import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/** The file inside a data folder that says which process has the embedded database open. */
export const LOCK_FILE = "mimamori.lock";

/** What a lock file records about its holder. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** ISO time the holder took the lock. */
  since: string;
  /** The holder's script (main.ts, seed-cli.ts, backup.ts, …). */
  program: string;
  /** Linux: the process's start time in clock ticks since boot (tells a reused pid from the holder). */
  procStart?: string;
  /** Linux: the kernel's boot id (a lock from before a reboot is stale). */
  bootId?: string;
  /**
   * Linux: the holder's pid namespace. Another container on this host (same kernel, often the same hostname)
   * has its own pids, which cannot be checked from here: such a holder is judged by its heartbeat instead.
   */
  pidNs?: string;
}

export interface DataDirLock {
  dir: string;
  file: string;
  holder: LockHolder;
  /** Removes the lock file (only while it is still this process's); safe to call twice. */
  release(): void;
}

/** Another live process has the folder open. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
    readonly file: string,
  ) {
    super(lockedMessage(dir, holder, file));
    this.name = "DataDirLockedError";
  }
}

function lockedMessage(dir: string, h: LockHolder, file: string): string {
  const who = `${h.program} (pid ${h.pid}${h.hostname === hostname() ? "" : ` on host ${h.hostname}`}, since ${h.since})`;
  const lines = [
    `The data folder ${dir} is in use by another Mimamori process: ${who}.`,
    "Only one process at a time may open the embedded database; a second one would lose data.",
  ];
  if (h.hostname !== hostname())
    lines.push(
      `It was locked on another host, whose processes cannot be checked from here. If nothing runs there any more (for example a replaced container), delete ${file} and start again.`,
    );
  else if (h.pidNs && h.pidNs !== pidNamespace())
    lines.push(
      `It was locked from another container on this host and is kept alive there; stop that container first (its lock counts as gone ${LOCK_FOREIGN_STALE_MS / 60_000} minutes after its last heartbeat), or use another DATA_DIR.`,
    );
  else lines.push(`Stop that process first (kill ${h.pid}), or use another DATA_DIR.`);
  return lines.join("\n");
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: start time after boot (the command name before it may hold spaces). */
function procStart(pid: number | "self"): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

function pidNamespace(): string | undefined {
  try {
    return readlinkSync("/proc/self/ns/pid");
  } catch {
    return undefined;
  }
}

/** How often a holder touches its lock file, and after how long without a touch a foreign holder is gone. */
export const LOCK_HEARTBEAT_MS = 15_000;
export const LOCK_FOREIGN_STALE_MS = 120_000;

function currentHolder(): LockHolder {
  return {
    pid: process.pid,
    hostname: hostname(),
    since: new Date().toISOString(),
    program: path.basename(process.argv[1] ?? process.argv0),
    procStart: procStart("self"),
    bootId: readProc("/proc/sys/kernel/random/boot_id"),
    pidNs: pidNamespace(),
  };
}

/** True when the holder certainly no longer runs: same host, and its pid is gone, reused or from before a reboot. */
function isStale(h: LockHolder, file: string): boolean {
  if (h.hostname !== hostname()) return false;
  const bootId = readProc("/proc/sys/kernel/random/boot_id");
  if (h.bootId && bootId && h.bootId !== bootId) return true;
  const ns = pidNamespace();
  if (h.pidNs && ns && h.pidNs !== ns) return heartbeatAge(file) > LOCK_FOREIGN_STALE_MS;
  // after a crash a container often starts the server again under the same pid (a lock this process holds
  // itself is refused before this check)
  if (h.pid === process.pid) return true;
  try {
    process.kill(h.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
  const start = h.procStart && procStart(h.pid);
  return !!start && start !== h.procStart;
}

function parseHolder(text: string): LockHolder | null {
  try {
    const h = JSON.parse(text) as LockHolder;
    return typeof h.pid === "number" && typeof h.hostname === "string" ? h : null;
  } catch {
    return null;
  }
}

/** Lock files this process holds. */
const heldFiles = new Set<string>();

function readLock(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/**
 * Takes the folder's lock: creates `mimamori.lock` with O_EXCL holding pid, host and start time. A lock whose
 * holder no longer runs on this host is taken over; a live one gives DataDirLockedError. The lock is released
 * by `release()` or, failing that, when the process exits.
 */
export function lockDataDir(dir: string): DataDirLock {
  const abs = path.resolve(dir);
  mkdirSync(abs, { recursive: true });
  const file = path.join(abs, LOCK_FILE);
  if (heldFiles.has(file))
    throw new Error(`The data folder ${abs} is already open in this process (pid ${process.pid}).`);
  const holder = currentHolder();
  const content = `${JSON.stringify(holder, null, 2)}\n`;
  for (let attempt = 0; attempt < 10; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, "wx", 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const text = readLock(file);
      if (text === null) continue; // released meanwhile
      const other = parseHolder(text);
      if (!other) {
        // created but not yet written by a process starting right now, or left half-written by a crash
        if (attempt < 5) {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
          continue;
        }
      } else if (!isStale(other, file)) throw new DataDirLockedError(abs, other, file);
      takeOver(file, text);
      continue;
    }
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    heldFiles.add(file);
    // a holder in another pid namespace is judged alive by this touch (see isStale)
    const heartbeat = setInterval(() => {
      try {
        if (readLock(file) === content) utimesSync(file, new Date(), new Date());
      } catch {}
    }, LOCK_HEARTBEAT_MS);
    heartbeat.unref();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      process.off("exit", release);
      heldFiles.delete(file);
      // only while it is still ours (a restore may have written the dumped folder's lock file over it)
      if (readLock(file) === content) unlinkSync(file);
    };
    process.on("exit", release);
    return { dir: abs, file, holder, release };
  }
  throw new Error(`Could not take the lock ${file}: it keeps changing. Is another process starting?`);
}

/**
 * Removes a stale lock file unless another process replaced it meanwhile: it is renamed aside first and removed
 * only when it still holds what was judged stale; otherwise it is linked back (which fails only if yet another
 * process has created the lock since, and then that one holds it).
 */
function takeOver(file: string, staleText: string) {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  if (readLock(aside) === staleText) {
    unlinkSync(aside);
    return;
  }
  // a live lock was moved aside by mistake: put it back; if a third process created the lock meanwhile, keep
  // the aside file (never delete a live holder's lock) and stop this start loudly
  try {
    linkSync(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST")
      throw new Error(`Several processes are starting on ${path.dirname(file)} at once; stop all but one.`);
    throw err;
  }
  unlinkSync(aside);
}

function heartbeatAge(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Writes this lock's content back (after a restore wrote the backed-up folder's lock file over it). */
export function rewriteLock(lock: DataDirLock) {
  const fd = openSync(lock.file, "w", 0o644);
  try {
    writeSync(fd, `${JSON.stringify(lock.holder, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
