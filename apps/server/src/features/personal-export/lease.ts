import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/client";
import { personalExports } from "../../db/schema";
import { bare, bareList } from "../../db/sql-names";
import { AppError } from "../../lib/errors";

/**
 * At most one export of a person's data at a time, across servers (issue 29 §3): the running export holds the
 * person's row of `personal_exports` until it ends. A lease runs LEASE_S seconds and is renewed every RENEW_S
 * while the export streams, so a server that dies mid-export frees the person within LEASE_S.
 */
export const LEASE_S = 120;
export const RENEW_S = 30;

export interface ExportLease {
  /** Ends the lease (the export ended, failed or was cut off); safe to call more than once. */
  release(): Promise<void>;
}

/**
 * Takes the person's lease: a new row, or the row of an export whose lease has run out (its server died). A
 * running export's row stays: 409 `export-running`. The lease is the row with this `started_at`: a renewal or
 * release of a lease taken over by another export touches nothing.
 */
export async function takeLease(db: Db, userId: string): Promise<ExportLease> {
  const p = personalExports;
  const [taken] = await rows<{ started: string }>(
    db,
    sql`insert into ${p} (${bareList(p.userId, p.startedAt, p.expiresAt)})
        values (${userId}, clock_timestamp(), clock_timestamp() + make_interval(secs => ${LEASE_S}))
        on conflict (${bare(p.userId)}) do update
          set ${bare(p.startedAt)} = excluded.${bare(p.startedAt)}, ${bare(p.expiresAt)} = excluded.${bare(p.expiresAt)}
          where ${p.expiresAt} < clock_timestamp()
        returning ${p.startedAt}::text as started`,
  );
  if (!taken) throw new AppError("export-running");
  const mine = sql`${p.userId} = ${userId} and ${p.startedAt} = ${taken.started}::timestamptz`;
  const timer = setInterval(() => {
    void rows(
      db,
      sql`update ${p} set ${bare(p.expiresAt)} = clock_timestamp() + make_interval(secs => ${LEASE_S})
          where ${mine}`,
    ).catch(() => undefined);
  }, RENEW_S * 1000);
  timer.unref();
  let released: Promise<void> | null = null;
  return {
    release() {
      if (!released) {
        clearInterval(timer);
        released = rows(db, sql`delete from ${p} where ${mine}`).then(
          () => undefined,
          () => undefined,
        );
      }
      return released;
    },
  };
}
