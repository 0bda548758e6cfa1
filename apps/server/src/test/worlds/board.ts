import { eq } from "drizzle-orm";
import { entities, memberships, users } from "../../db/schema";
import { createSession } from "../../features/identity/auth/sessions";
import { MINUTE } from "../../jobs/clock";
import { IdTokens } from "../../lib/id-tokens";
import { TEST_SECRET } from "../app";
import { type AlertsWorld, startAlertsWorld } from "./alerts-engine";

/**
 * The board tests' world: the alert engine's world (the real app on a fresh PGlite or PostgreSQL, the demo seed,
 * server instances with the alert jobs and the mail worker on a manual clock), and entities made per test with
 * their own staff and members, so each test reads a board nobody else writes to.
 */
export interface BoardWorld {
  w: AlertsWorld;
  /** A bearer token for the person (a session of their own, as sign-in makes). */
  token(userId: string): Promise<string>;
  entity(opts?: EntityOptions): Promise<TestEntity>;
  /** A sample through POST /api/user/vitals as the member (`at` epoch ms). */
  upload(member: Person, samples: { code: string; at: number; value: number }[]): Promise<void>;
}

export interface EntityOptions {
  /** Accepted client members (default 3); their consent `consentAgo` ms before now (default 2 days). */
  members?: number;
  consentAgo?: number;
  /** Also an invited and a pending client (who share no data with the entity). */
  unaccepted?: boolean;
}

export interface Person {
  id: string;
  name: string;
  email: string;
  token: string;
}

export interface TestEntity {
  ws: string;
  /** Staff of the entity: English, then Japanese. */
  staff: Person;
  staffJp: Person;
  members: Person[];
  invited?: Person;
  pending?: Person;
}

let entityCount = 0;

export async function startBoardWorld(): Promise<BoardWorld> {
  const w = await startAlertsWorld();
  const db = w.t.db;
  const idTokens = await IdTokens.create(db, TEST_SECRET);
  const token = async (userId: string) => {
    const { session } = await createSession(db, userId, true);
    const [u] = await db.select().from(users).where(eq(users.id, userId));
    if (!u) throw new Error("board world: no such user");
    return idTokens.sign({ uid: u.id, sid: session.id, tv: u.tokenVersion, email: u.email });
  };
  const person = async (email: string, name: string, language: "jp" | "en" = "en"): Promise<Person> => {
    const [u] = await db
      .insert(users)
      .values({ email, name, language, emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    if (!u) throw new Error("board world: user not created");
    return { id: u.id, name, email, token: await token(u.id) };
  };
  return {
    w,
    token,
    async entity(opts = {}) {
      entityCount += 1;
      const ws = `board${entityCount}`;
      await db
        .insert(entities)
        .values({ workspaceName: ws, name: `Board ${entityCount}`, description: "board" });
      const staff = await person(`${ws}-staff@example.com`, `Staff ${ws}`);
      const staffJp = await person(`${ws}-staff-jp@example.com`, `スタッフ ${ws}`, "jp");
      const acceptedAt = new Date(Date.now() - (opts.consentAgo ?? 2 * 24 * 60 * MINUTE));
      const members: Person[] = [];
      for (let i = 0; i < (opts.members ?? 3); i++)
        members.push(await person(`${ws}-m${i}@example.com`, `Member ${String.fromCharCode(65 + i)} ${ws}`));
      await db.insert(memberships).values([
        ...[staff, staffJp].map((p) => ({
          workspaceName: ws,
          userId: p.id,
          role: "staff" as const,
          status: "accepted" as const,
          acceptedAt: new Date(),
        })),
        ...members.map((p) => ({
          workspaceName: ws,
          userId: p.id,
          role: "client" as const,
          status: "accepted" as const,
          acceptedAt,
        })),
      ]);
      const out: TestEntity = { ws, staff, staffJp, members };
      if (opts.unaccepted) {
        out.invited = await person(`${ws}-invited@example.com`, `Invited ${ws}`);
        out.pending = await person(`${ws}-pending@example.com`, `Pending ${ws}`);
        await db.insert(memberships).values([
          { workspaceName: ws, userId: out.invited.id, role: "client", status: "invited" },
          { workspaceName: ws, userId: out.pending.id, role: "client", status: "pending" },
        ]);
      }
      return out;
    },
    async upload(member, samples) {
      const res = await w.t.call(
        "POST",
        "/user/vitals",
        { samples: samples.map((s) => ({ code: s.code, time: s.at / 1000, value: s.value })) },
        { token: member.token },
      );
      if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
    },
  };
}
