import type { Db } from "../../db/client";
import { migrationsApplied } from "../../db/migrate";
import { perDatabase } from "../../db/per-database";

/** How long a readiness answer is kept: probes every second from several balancers ask the database once a second. */
export const READY_CHECK_MAX_AGE_MS = 1_000;
/** A database that takes longer than this to answer the check counts as not ready. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

const lastOf = perDatabase((): { last?: { ready: boolean; at: number } } => ({}));

/** The database answers within READY_CHECK_TIMEOUT_MS and has every migration this server carries. */
export async function checkReady(db: Db, now = performance.now()): Promise<boolean> {
  const kept = lastOf(db);
  if (kept.last && now - kept.last.at < READY_CHECK_MAX_AGE_MS) return kept.last.ready;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS);
  });
  const ready = await Promise.race([migrationsApplied(db).catch(() => false), timeout]).finally(() =>
    clearTimeout(timer),
  );
  kept.last = { ready, at: now };
  return ready;
}
