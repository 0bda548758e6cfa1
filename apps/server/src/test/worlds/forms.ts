import { sql } from "drizzle-orm";
import { formSends, memberships, users } from "../../db/schema";
import { hashPassword } from "../../lib/crypto";
import { startTestApp, type TestApp } from "../app";
import { type Role, roleTokens } from "../roles";
import { userIdOf } from "../users";

/**
 * The world of the forms tests: the demo seed and the role accounts of test/roles.ts, plus a second accepted
 * member of sakura who reads English (`member`), so that sends reach people of both languages. `client2` is a
 * client of harbor only (another client), `client3` has a pending application to sakura (not a member).
 */
export interface FormsWorld {
  t: TestApp;
  tok: Record<Role | "client2" | "member", string | undefined>;
  ids: Record<"client" | "client2" | "client3" | "member" | "staff" | "outsider", string>;
  staff: { token: string | undefined };
}

export async function startFormsWorld(): Promise<FormsWorld> {
  const t = await startTestApp({ seed: true });
  const roles = await roleTokens(t);
  const [member] = await t.db
    .insert(users)
    .values({
      email: "member@example.com",
      name: "Member English",
      passwordHash: await hashPassword("mimamori-demo"),
      emailVerifiedAt: new Date(),
      language: "en",
    })
    .returning();
  if (!member) throw new Error("forms world: member not created");
  await t.db.insert(memberships).values({
    workspaceName: "sakura",
    userId: member.id,
    role: "client",
    status: "accepted",
    acceptedAt: new Date(),
  });
  const idOf = (email: string) => userIdOf(t.db, email);
  return {
    t,
    tok: {
      ...roles,
      client2: (await t.signIn("client2@example.com")).idToken,
      member: (await t.signIn("member@example.com")).idToken,
    },
    ids: {
      client: await idOf("client@example.com"),
      client2: await idOf("client2@example.com"),
      client3: await idOf("client3@example.com"),
      member: member.id,
      staff: await idOf("staff@example.com"),
      outsider: await idOf("outsider@example.com"),
    },
    staff: { token: roles.staff },
  };
}

/** A valid new form: a required text question, a single choice and an optional number question. */
export const sampleForm = (over: Record<string, unknown> = {}) => ({
  name: "Daily check",
  description: "How are you today?",
  questions: [
    { order: 1, text: "How do you feel?", question_type: 1, is_required: true, question_options: [] },
    {
      order: 2,
      text: "Did you sleep well?",
      question_type: 3,
      is_required: true,
      question_options: [
        { order: 1, text: "Yes" },
        { order: 2, text: "No" },
      ],
    },
    { order: 3, text: "Temperature", question_type: 2, is_required: false, question_options: [] },
  ],
  ...over,
});

/**
 * Moves every stored send 25 hours back: a one-off send may then go again to the same people (at most once a
 * day, issue 29 §5), for tests that need a form's second sent order.
 */
export async function sendsADayAgo(t: TestApp): Promise<void> {
  await t.db.update(formSends).set({ sentAt: sql`${formSends.sentAt} - interval '25 hours'` });
}
