/**
 * CPU of processes from /proc (Linux): the server's, the database's and, through `process.cpuUsage`, the load
 * generator's own, which shares the machine's cores with them.
 */
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

/** CPU seconds (user + system) of a process and of its children it has reaped, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // fields after the command name, from the state (field 3) on
    const f = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    return ((f[11] ?? 0) + (f[12] ?? 0) + (f[13] ?? 0) + (f[14] ?? 0)) / 100; // USER_HZ
  } catch {
    return 0; // gone
  }
}

/** PIDs of the processes whose parent is `ppid`. */
export function childrenOf(ppid: number): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === ppid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * The CPU the database uses: on PostgreSQL its postmaster and every backend and worker (found from a backend's
 * parent); PGlite runs inside the server process, counted there.
 */
export async function databaseCpu(url: string | undefined): Promise<() => number> {
  if (!url) return () => 0;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  // read while the backend lives: it ends with the connection
  const stat = readFileSync(`/proc/${rows[0]?.pid}/stat`, "utf8");
  await client.end();
  const postmaster = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  return () => cpuSeconds(postmaster) + childrenOf(postmaster).reduce((sum, pid) => sum + cpuSeconds(pid), 0);
}
