import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, LOCK_FILE, LOCK_FOREIGN_STALE_MS, type LockHolder, lockDataDir } from "./lock";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "mimamori-lock-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockFile = () => path.join(dir, LOCK_FILE);
const procStart = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
};
const writeHolder = (h: Partial<LockHolder>) =>
  writeFileSync(
    lockFile(),
    JSON.stringify({ hostname: hostname(), since: "2030-01-02T03:04:05.000Z", program: "main.ts", ...h }),
  );
/** A pid that no longer runs: a child that has exited. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid as number;
const onLinux = existsSync("/proc/self/stat");

describe("the data folder lock", () => {
  it("records pid, host and start time, refuses a second holder in the same process, and is released", () => {
    const lock = lockDataDir(dir);
    const held = JSON.parse(readFileSync(lockFile(), "utf8"));
    expect(held).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(Date.parse(held.since)).toBeGreaterThan(Date.now() - 60_000);
    expect(() => lockDataDir(dir)).toThrow(/already open in this process/);
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
    lockDataDir(dir).release();
  });

  it("refuses a folder held by a live process, naming the folder and the process", () => {
    // the parent of this test process runs for sure
    writeHolder({ pid: process.ppid, procStart: onLinux ? procStart(process.ppid) : undefined });
    let err: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataDirLockedError);
    const msg = (err as Error).message;
    expect(msg).toContain(`The data folder ${dir} is in use by another Mimamori process`);
    expect(msg).toContain(`pid ${process.ppid}`);
    expect(msg).toContain("since 2030-01-02T03:04:05.000Z");
    expect(JSON.parse(readFileSync(lockFile(), "utf8")).pid).toBe(process.ppid); // left alone
  });

  it("takes over a stale lock: the holder's pid is gone", () => {
    writeHolder({ pid: deadPid() });
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(), "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(onLinux)("takes over a stale lock whose pid now belongs to another process", () => {
    writeHolder({ pid: process.ppid, procStart: "1" });
    lockDataDir(dir).release();
  });

  it("takes over a lock of this very pid (a restarted container reuses pids)", () => {
    writeHolder({ pid: process.pid });
    lockDataDir(dir).release();
  });

  it.runIf(onLinux)(
    "refuses a lock of another container (pid namespace) while its heartbeat is fresh, even under this pid",
    () => {
      writeHolder({ pid: process.pid, pidNs: "pid:[1]" });
      expect(() => lockDataDir(dir)).toThrow(/another container on this host[\s\S]*2 minutes/);
      expect(JSON.parse(readFileSync(lockFile(), "utf8")).pidNs).toBe("pid:[1]"); // left alone
    },
  );

  it.runIf(onLinux)(
    "takes over a lock of another container whose heartbeat stopped over 2 minutes ago",
    () => {
      writeHolder({ pid: process.pid, pidNs: "pid:[1]" });
      const old = new Date(Date.now() - LOCK_FOREIGN_STALE_MS - 1000);
      utimesSync(lockFile(), old, old);
      lockDataDir(dir).release();
    },
  );

  it("takes over a lock from before a reboot", () => {
    writeHolder({ pid: process.ppid, bootId: "another-boot" });
    if (onLinux) lockDataDir(dir).release();
    else expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it("refuses a lock taken on another host, and says how to clear it", () => {
    writeHolder({ pid: deadPid(), hostname: "other-host" });
    expect(() => lockDataDir(dir)).toThrow(/on host other-host.*\n[\s\S]*delete .*mimamori\.lock/);
  });

  it("takes over an unreadable lock file after waiting for its writer", () => {
    writeFileSync(lockFile(), "");
    lockDataDir(dir).release();
  });

  it("does not remove a lock file that is no longer its own", () => {
    const lock = lockDataDir(dir);
    writeHolder({ pid: process.ppid });
    lock.release();
    expect(existsSync(lockFile())).toBe(true);
  });
});
