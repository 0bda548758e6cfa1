import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formAnswers, formRecipients, formSends, forms, memberships, users } from "../../db/schema";
import { download, localTime } from "../../test/download";
import { type FormsWorld, sendsADayAgo, startFormsWorld } from "../../test/worlds/forms";

let w: FormsWorld;
let formId: number;
beforeAll(async () => {
  w = await startFormsWorld();
  const created = await w.t.call(
    "POST",
    "/staff/sakura/forms",
    {
      name: "Check",
      description: "Daily",
      questions: [
        { order: 1, text: "Feeling", question_type: 1, is_required: true },
        {
          order: 2,
          text: "Symptoms",
          question_type: 4,
          is_required: false,
          question_options: [
            { order: 1, text: "Cough" },
            { order: 2, text: "Fever" },
            { order: 3, text: "=Headache" },
          ],
        },
        { order: 3, text: "Temperature", question_type: 2, is_required: false },
      ],
      users: [w.ids.client, w.ids.member],
    },
    w.staff,
  );
  expect(created.status).toBe(201);
  formId = created.body.id;
  const [feel, pick, temp] = created.body.questions.map((x: { id: number }) => x.id);
  const ok1 = await answer(w.tok.client, 1, [
    { question_id: feel, value: '=HYPERLINK("http://evil.test","click")' },
    { question_id: pick, answer_options: [1, 3] },
    { question_id: temp, value: "36.6" },
  ]);
  const ok2 = await answer(w.tok.member, 1, [
    { question_id: feel, value: "cold, tired" },
    { question_id: temp, value: "-5" },
  ]);
  expect([ok1.status, ok2.status]).toEqual([201, 201]);
  // then the form changes: a renamed question and a new one, sent to the client only
  const edited = await w.t.call(
    "PUT",
    `/staff/sakura/forms/${formId}`,
    {
      questions: [{ id: feel, order: 1, text: "How do you feel?", question_type: 1, is_required: true }],
      added_questions: [{ order: 4, text: "Later", question_type: 1, is_required: false }],
    },
    w.staff,
  );
  expect(edited.status).toBe(200);
  expect(edited.body.questions.map((x: { text: string }) => x.text)).toEqual([
    "How do you feel?",
    "Symptoms",
    "Temperature",
    "Later",
  ]);
  await sendsADayAgo(w.t);
  expect(
    (await w.t.call("POST", `/staff/sakura/forms/${formId}`, { users: [w.ids.client] }, w.staff)).status,
  ).toBe(201);
});
afterAll(() => w.t.close());

const answer = (token: string | undefined, order: number, answers: unknown[]) =>
  w.t.call("POST", `/user/forms/${formId}/${order}/answer`, { answers }, { token });

const downloadCsv = (query = "", lang: "en" | "ja" = "en", id = formId) =>
  download(w.t, `/staff/sakura/forms/${id}/download${query}`, w.tok.staff, lang);

async function times(tz: string) {
  const sends = await w.t.db.select().from(formSends).where(eq(formSends.formId, formId));
  const recipients = await w.t.db.select().from(formRecipients).where(eq(formRecipients.formId, formId));
  const sent = (order: number) => localTime(sends.find((s) => s.sentOrder === order)?.sentAt as Date, tz);
  const answered = (user: string, order: number) => {
    const at = recipients.find((r) => r.userId === user && r.sentOrder === order)?.answeredAt;
    return at ? localTime(at, tz) : "";
  };
  return { sent, answered };
}

describe("the answers CSV", () => {
  it("writes a BOM, the header and one row per member and sent order, in local time", async () => {
    const { res, bytes, text } = await downloadCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="form-${formId}-answers.csv"`);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    const { sent, answered } = await times("Asia/Tokyo");
    expect(lines.slice(0, -1)).toEqual([
      "Name,Email,Sent at (Asia/Tokyo),Answered at (Asia/Tokyo),Sent order,How do you feel?,Symptoms,Temperature,Later",
      // members by name: "Member English" before "Tanaka Hanako"; a number stays a number, even negative
      `Member English,member@example.com,${sent(1)},${answered(w.ids.member, 1)},1,"cold, tired",,-5,`,
      // a formula is neutralised (a cell that only contains one is not); choices are their option texts
      `Tanaka Hanako,client@example.com,${sent(1)},${answered(w.ids.client, 1)},1,"'=HYPERLINK(""http://evil.test"",""click"")",Cough; =Headache,36.6,`,
      `Tanaka Hanako,client@example.com,${sent(2)},,2,,,,`,
    ]);
    expect(answered(w.ids.client, 1)).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  });

  it("writes the times in the zone asked for, named in the headers, in the caller's language", async () => {
    const { text } = await downloadCsv("?timezone=America/New_York", "ja");
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "名前,メールアドレス,送信日時（America/New_York）,回答日時（America/New_York）,送信回,How do you feel?,Symptoms,Temperature,Later",
    );
    const { sent, answered } = await times("America/New_York");
    expect(lines[1]?.split(",").slice(2, 5)).toEqual([sent(1), answered(w.ids.member, 1), "1"]);
    expect(sent(1)).not.toBe((await times("Asia/Tokyo")).sent(1));
  });

  it("refuses an unknown zone, another entity's form and other callers", async () => {
    const bad = await w.t.call(
      "GET",
      `/staff/sakura/forms/${formId}/download?timezone=Mars/Olympus`,
      undefined,
      w.staff,
    );
    expect([bad.status, bad.body.code]).toEqual([400, "invalid-timezone"]);
    const missing = await w.t.call("GET", `/staff/sakura/forms/${formId + 99}/download`, undefined, w.staff);
    expect([missing.status, missing.body.code]).toEqual([404, "form-not-found"]);
    const foreign = await w.t.call("GET", `/staff/kaede/forms/${formId}/download`, undefined, {
      token: w.tok.otherStaff,
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, "form-not-found"]);
    expect((await w.t.call("GET", `/staff/sakura/forms/${formId}/download`)).status).toBe(401);
    const client = await w.t.call("GET", `/staff/sakura/forms/${formId}/download`, undefined, {
      token: w.tok.client,
    });
    expect([client.status, client.body.code]).toEqual([403, "forbidden"]);
  });

  it("streams 10,000 rows page by page", async () => {
    const [f] = await w.t.db
      .insert(forms)
      .values({ workspaceName: "sakura", name: "Big", description: "d" })
      .returning();
    const bigId = f?.id as number;
    const snapshot = {
      name: "Big",
      description: "d",
      questions: [
        { id: 1, order: 1, text: "Q", question_type_id: 1, is_required: false, question_options: [] },
      ],
    };
    await w.t.db.insert(formSends).values({ formId: bigId, sentOrder: 1, snapshot });
    await w.t.db.execute(sql`insert into ${users} (email, name, email_verified_at)
      select 'row' || lpad(g::text, 5, '0') || '@example.com', 'Row ' || lpad(g::text, 5, '0'), now()
      from generate_series(1, 10000) g`);
    await w.t.db.execute(sql`insert into ${memberships} (workspace_name, user_id, role, status, accepted_at)
      select 'sakura', id, 'client', 'accepted', now() from ${users} where email like 'row%'`);
    await w.t.db.execute(sql`insert into ${formRecipients} (form_id, sent_order, user_id, answered_at)
      select ${bigId}, 1, id, now() from ${users} where email like 'row%'`);
    await w.t.db.execute(sql`insert into ${formAnswers} (form_id, sent_order, user_id, question_id, value)
      select ${bigId}, 1, id, 1, '@' || name from ${users} where email like 'row%'`);
    const { res, text } = await downloadCsv("", "en", bigId);
    expect(res.status).toBe(200);
    const lines = text.slice(1).split("\r\n");
    expect(lines).toHaveLength(10_002);
    expect(lines[1]).toMatch(/^Row 00001,row00001@example\.com,[\d/ :]+,[\d/ :]+,1,'@Row 00001$/);
    expect(lines[10_000]).toMatch(/^Row 10000,row10000@example\.com,.*,1,'@Row 10000$/);
    // every member once, in name order, across the page boundaries (200, then 1,000 rows per query)
    const names = lines.slice(1, -1).map((l) => l.split(",")[0]);
    expect(new Set(names).size).toBe(10_000);
    expect(names).toEqual([...names].sort());
  });
});
