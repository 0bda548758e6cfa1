/**
 * Questionnaire benchmark (issue 10 §7). Targets: sending one form to 5,000 members is one request of ≤ 2 s on
 * PostgreSQL (≤ 1 s since issue 13); the answers CSV of 10,000 rows grows the server's RSS by ≤ 30 MB; a client's form list with 500
 * sent orders answers in p95 ≤ 20 ms.
 *
 *   npx tsx bench/forms.ts [--members 5000] [--runs 3]          (PGlite in a temp folder)
 *   scripts/with-postgres.sh npx tsx bench/forms.ts …            (throwaway PostgreSQL)
 *
 * The data is written straight into the tables before the server starts (a PGlite folder is open in one
 * process at a time): `--members` accepted members, form A sent twice to all of them and answered (the CSV's
 * rows), form B sent 500 times to member 0 (the client list). Then the real server runs as a child process.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { QUESTION_TYPE } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import { openDatabase } from "../apps/server/src/db/client";
import { migrateDatabase } from "../apps/server/src/db/migrate";
import {
  entities,
  type FormSnapshot,
  formAnswers,
  formQuestions,
  formRecipients,
  formSends,
  forms,
  memberships,
  users,
} from "../apps/server/src/db/schema";
import { createSession } from "../apps/server/src/features/identity";
import { IdTokens } from "../apps/server/src/lib/id-tokens";
import {
  BENCH_SECRET,
  DATABASE_URL,
  pct,
  progress,
  RssSampler,
  type Server,
  startServer,
} from "./lib/server";

const { values: o } = parseArgs({
  options: {
    members: { type: "string", default: "5000" },
    runs: { type: "string", default: "3" },
    "client-sends": { type: "string", default: "500" },
  },
});
const MEMBERS = Number(o.members);
const RUNS = Number(o.runs);
const CLIENT_SENDS = Number(o["client-sends"]);
const LIST_CALLS = 200;

const QUESTIONS: Omit<FormSnapshot["questions"][number], "id">[] = [
  {
    order: 1,
    text: "Temperature",
    question_type_id: QUESTION_TYPE.number,
    is_required: true,
    question_options: [],
  },
  {
    order: 2,
    text: "How do you feel?",
    question_type_id: QUESTION_TYPE.single,
    is_required: true,
    question_options: [
      { order: 1, text: "Good" },
      { order: 2, text: "So-so" },
      { order: 3, text: "Bad" },
    ],
  },
  {
    order: 3,
    text: "Symptoms",
    question_type_id: QUESTION_TYPE.multiple,
    is_required: false,
    question_options: [
      { order: 1, text: "Cough" },
      { order: 2, text: "Headache" },
    ],
  },
  {
    order: 4,
    text: "Bedtime",
    question_type_id: QUESTION_TYPE.time,
    is_required: false,
    question_options: [],
  },
  { order: 5, text: "Notes", question_type_id: QUESTION_TYPE.text, is_required: false, question_options: [] },
];

async function seed(dataDir: string | undefined) {
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir });
  await migrateDatabase(database);
  const db = database.db;
  const verified = new Date();
  const accepted = { status: "accepted" as const, acceptedAt: verified };
  await db.insert(entities).values({ workspaceName: "bench", name: "Bench", description: "benchmark" });
  const [staff] = await db
    .insert(users)
    .values({ email: "bench-staff@example.com", name: "Bench staff", emailVerifiedAt: verified })
    .returning();
  if (!staff) throw new Error("seed failed");
  const members: { id: string; tokenVersion: number; email: string }[] = [];
  for (let i = 0; i < MEMBERS; i += 1000) {
    const chunk = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(1000, MEMBERS - i) }, (_, j) => ({
          email: `member-${i + j}@example.com`,
          name: `Member ${i + j}`,
          language: (j % 2 ? "en" : "jp") as "en" | "jp",
          emailVerifiedAt: verified,
        })),
      )
      .returning({ id: users.id, tokenVersion: users.tokenVersion, email: users.email });
    members.push(...chunk);
    await db
      .insert(memberships)
      .values(
        chunk.map((m) => ({ workspaceName: "bench", userId: m.id, role: "client" as const, ...accepted })),
      );
  }
  await db
    .insert(memberships)
    .values({ workspaceName: "bench", userId: staff.id, role: "staff", ...accepted });

  const formWith = async (name: string) => {
    const [form] = await db
      .insert(forms)
      .values({ workspaceName: "bench", name, description: "benchmark form", createdBy: staff.id })
      .returning();
    if (!form) throw new Error("seed failed");
    const stored = await db
      .insert(formQuestions)
      .values(
        QUESTIONS.map((q) => ({
          formId: form.id,
          position: q.order,
          text: q.text,
          questionType: q.question_type_id,
          isRequired: q.is_required,
          options: q.question_options,
        })),
      )
      .returning();
    const snapshot: FormSnapshot = {
      name,
      description: "benchmark form",
      questions: QUESTIONS.map((q, i) => ({ ...q, id: stored[i]?.id ?? 0 })),
    };
    return { id: form.id, snapshot, questionIds: stored.map((q) => q.id) };
  };

  // form A: two sends to every member, all answered (the CSV's rows)
  const a = await formWith("Form A");
  for (const sentOrder of [1, 2]) {
    await db.insert(formSends).values({ formId: a.id, sentOrder, sentBy: staff.id, snapshot: a.snapshot });
    await db.execute(sql`
      insert into ${formRecipients} (form_id, sent_order, user_id, answered_at)
      select ${a.id}, ${sentOrder}, ${memberships.userId}, now() from ${memberships}
      where ${memberships.workspaceName} = 'bench' and ${memberships.role} = 'client'`);
    const [temp, feeling, symptoms, bedtime, notes] = a.questionIds;
    await db.execute(sql`
      insert into ${formAnswers} (form_id, sent_order, user_id, question_id, value, answer_options)
      select ${a.id}, ${sentOrder}, r.user_id, q.id, q.value, q.options
      from ${formRecipients} r
      cross join (values (${temp}::int, '36.5', '{}'::int[]), (${feeling}::int, null, '{1}'::int[]),
        (${symptoms}::int, null, '{1,2}'::int[]), (${bedtime}::int, '22:30', '{}'::int[]),
        (${notes}::int, 'fine, =1+1', '{}'::int[])) as q(id, value, options)
      where r.form_id = ${a.id} and r.sent_order = ${sentOrder}`);
  }
  // form B: sent CLIENT_SENDS times to member 0 (the client list)
  const b = await formWith("Form B");
  const first = members[0];
  if (!first) throw new Error("no members");
  for (let s = 1; s <= CLIENT_SENDS; s += 100) {
    const orders = Array.from({ length: Math.min(100, CLIENT_SENDS - s + 1) }, (_, i) => s + i);
    await db
      .insert(formSends)
      .values(
        orders.map((sentOrder) => ({ formId: b.id, sentOrder, sentBy: staff.id, snapshot: b.snapshot })),
      );
    await db
      .insert(formRecipients)
      .values(orders.map((sentOrder) => ({ formId: b.id, sentOrder, userId: first.id })));
  }
  // a third form to send during the run
  const c = await formWith("Form C");

  const claims = async (u: { id: string; tokenVersion: number; email: string }) => {
    const { session } = await createSession(db, u.id, true);
    return { uid: u.id, sid: session.id, tv: u.tokenVersion, email: u.email };
  };
  const out = {
    formA: a.id,
    formC: c.id,
    memberIds: members.map((m) => m.id),
    staff: await claims(staff),
    client: await claims(first),
    idTokens: await IdTokens.create(db, BENCH_SECRET),
  };
  await database.close();
  return out;
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  const kind = DATABASE_URL ? "postgres" : "pglite";
  const dataDir = DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), "mimamori-bench-"));
  let server: Server | undefined;
  try {
    progress(`seeding ${MEMBERS} members`);
    const s = await seed(dataDir);
    progress("starting the server");
    // the outbox worker would deliver the queued mails during the measurements: off (no SMTP here anyway)
    server = await startServer(dataDir, { JOBS: "off" });
    const staffToken = () => s.idTokens.sign(s.staff);
    const clientToken = () => s.idTokens.sign(s.client);
    console.log(`Database: ${kind}; ${MEMBERS.toLocaleString()} members; ${RUNS} runs\n`);

    // 1. one send to every member
    const sends: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await server.fetch(`/staff/bench/forms/${s.formC}`, await staffToken(), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ users: s.memberIds }),
      });
      const body = await res.text();
      sends.push(performance.now() - t0);
      if (res.status !== 201) throw new Error(`send: ${res.status} ${body}`);
      progress(`send #${i + 1}: ${ms(sends.at(-1) ?? 0)} (${body})`);
    }
    console.log(
      `Send one form to ${MEMBERS.toLocaleString()} members (one request, recipients + queued mails): median ${ms(pct(sends, 50))}, max ${ms(Math.max(...sends))}  (target ≤ 1,000 ms on PostgreSQL, issue 13)`,
    );

    // 2. the answers CSV, RSS growth
    const rss = new RssSampler(server.pid);
    for (let i = 0; i < RUNS; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const before = rss.currentKb();
      rss.reset();
      const t0 = performance.now();
      const res = await server.fetch(
        `/staff/bench/forms/${s.formA}/download?timezone=Asia%2FTokyo`,
        await staffToken(),
      );
      let lines = 0;
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (let j = chunk.indexOf(10); j !== -1; j = chunk.indexOf(10, j + 1)) lines++;
      }
      rss.sample();
      if (res.status !== 200) throw new Error(`download: ${res.status}`);
      console.log(
        `Answers CSV run ${i + 1}: ${(lines - 1).toLocaleString()} rows, ${(bytes / 1e6).toFixed(1)} MB in ${ms(performance.now() - t0)}; server RSS ${(before / 1024).toFixed(0)} MB before, peak ${(rss.peakKb / 1024).toFixed(0)} MB, growth ${((rss.peakKb - before) / 1024).toFixed(1)} MB  (target ≤ 30 MB)`,
      );
    }
    rss.stop();

    // 3. a client's form list with many sent orders
    const token = await clientToken();
    const list: number[] = [];
    for (let i = 0; i < LIST_CALLS + 20; i++) {
      const t0 = performance.now();
      const res = await server.fetch("/user/forms", token);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`list: ${res.status}`);
      if (i >= 20) list.push(performance.now() - t0); // the first calls warm up
    }
    console.log(
      `Client form list, ${CLIENT_SENDS} sent orders: p50 ${ms(pct(list, 50))}, p95 ${ms(pct(list, 95))} (${LIST_CALLS} calls)  (target p95 ≤ 20 ms)`,
    );
    console.log(`\nLoad average (1 min) at the end: ${loadavg()[0]?.toFixed(2)} on this machine`);
  } finally {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
