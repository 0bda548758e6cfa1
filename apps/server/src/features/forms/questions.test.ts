import { describe, expect, it } from "vitest";
import { worldPerFile } from "../../test/per-file";
import { startFormsWorld } from "../../test/worlds/forms";

const w = worldPerFile(startFormsWorld);

const Q = "/staff/questions?workspace=sakura";

describe("question types", () => {
  it("lists the seven types in the caller's language, for any signed-in person", async () => {
    const en = await w.t.call("GET", "/staff/question_types", undefined, { token: w.tok.client });
    expect(en.status).toBe(200);
    expect(en.body).toEqual([
      { id: 1, name: "Short text" },
      { id: 2, name: "Number" },
      { id: 3, name: "Single choice" },
      { id: 4, name: "Multiple choice" },
      { id: 5, name: "Date" },
      { id: 6, name: "Time (24 h)" },
      { id: 7, name: "Date and time (24 h)" },
    ]);
    const jp = await w.t.call("GET", "/staff/question_types", undefined, { token: w.tok.staff, lang: "ja" });
    expect(jp.body[2]).toEqual({ id: 3, name: "単一選択（ラジオボタン）" });
    expect((await w.t.call("GET", "/staff/question_types")).status).toBe(401);
  });
});

describe("question bank", () => {
  it("adds, lists, renames and deletes the entity's questions", async () => {
    const added = await w.t.call("POST", Q, { text: "  Any pain?  ", question_type: 4 }, w.staff);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ text: "Any pain?", question_type_id: 4 });
    const id = added.body.id as number;
    expect(new Date(added.body.created_at).toISOString()).toBe(added.body.created_at);

    const list = await w.t.call("GET", Q, undefined, w.staff);
    expect(list.status).toBe(200);
    expect(list.body.map((q: { id: number }) => q.id)).toEqual([id]);

    const renamed = await w.t.call(
      "PUT",
      `/staff/questions/${id}?workspace=sakura`,
      { text: "Pain?" },
      w.staff,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, text: "Pain?", question_type_id: 4 });

    // another entity's staff cannot see or touch it, even naming their own entity
    const kaede = { token: w.tok.otherStaff };
    expect((await w.t.call("GET", "/staff/questions?workspace=kaede", undefined, kaede)).body).toEqual([]);
    const foreign = await w.t.call("PUT", `/staff/questions/${id}?workspace=kaede`, { text: "x" }, kaede);
    expect([foreign.status, foreign.body.code]).toEqual([404, "question-not-found"]);
    const foreignDelete = await w.t.call(
      "DELETE",
      `/staff/questions/${id}?workspace=kaede`,
      undefined,
      kaede,
    );
    expect([foreignDelete.status, foreignDelete.body.code]).toEqual([404, "question-not-found"]);

    const deleted = await w.t.call("DELETE", `/staff/questions/${id}?workspace=sakura`, undefined, w.staff);
    expect(deleted.status).toBe(204);
    expect((await w.t.call("GET", Q, undefined, w.staff)).body).toEqual([]);
    // a deleted question is gone for edits too
    const again = await w.t.call("PUT", `/staff/questions/${id}?workspace=sakura`, { text: "x" }, w.staff);
    expect([again.status, again.body.code]).toEqual([404, "question-not-found"]);
    const twice = await w.t.call("DELETE", `/staff/questions/${id}?workspace=sakura`, undefined, w.staff);
    expect([twice.status, twice.body.code]).toEqual([404, "question-not-found"]);
  });

  it("refuses a question without text or with an unknown type, in the caller's language", async () => {
    const noText = await w.t.call("POST", Q, { text: " ", question_type: 1 }, { ...w.staff, lang: "ja" });
    expect(noText.status).toBe(400);
    expect(noText.body).toMatchObject({ code: "required", field: "text" });
    const badType = await w.t.call("POST", Q, { text: "Q", question_type: 8 }, w.staff);
    expect(badType.status).toBe(400);
    expect(badType.body).toEqual({
      code: "invalid-question-type",
      detail: "Choose a question type.",
      field: "question_type",
    });
    const tooLong = await w.t.call("POST", Q, { text: "x".repeat(501), question_type: 1 }, w.staff);
    expect([tooLong.status, tooLong.body.code]).toEqual([400, "too-long"]);
    const emptyRename = await w.t.call("PUT", "/staff/questions/1?workspace=sakura", { text: "" }, w.staff);
    expect([emptyRename.status, emptyRename.body.code]).toEqual([400, "required"]);
    expect((await w.t.call("GET", Q, undefined, w.staff)).body).toEqual([]);
  });

  it("needs ?workspace= naming an entity the caller is staff of", async () => {
    const calls = (token: string | undefined, ws = "sakura") =>
      Promise.all([
        w.t.call("GET", `/staff/questions?workspace=${ws}`, undefined, { token }),
        w.t.call("POST", `/staff/questions?workspace=${ws}`, { text: "Q", question_type: 1 }, { token }),
        w.t.call("PUT", `/staff/questions/1?workspace=${ws}`, { text: "Q" }, { token }),
        w.t.call("DELETE", `/staff/questions/1?workspace=${ws}`, undefined, { token }),
      ]);
    for (const r of await calls(undefined)) expect(r.status).toBe(401);
    for (const token of [w.tok.client, w.tok.otherStaff, w.tok.admin])
      for (const r of await calls(token)) expect([r.status, r.body.code]).toEqual([403, "forbidden"]);
    // no workspace at all, or a repeated one
    expect((await w.t.call("GET", "/staff/questions", undefined, w.staff)).status).toBe(403);
    const twice = await w.t.call(
      "GET",
      "/staff/questions?workspace=sakura&workspace=harbor",
      undefined,
      w.staff,
    );
    expect(twice.status).toBe(403);
    expect((await w.t.call("GET", Q, undefined, w.staff)).body).toEqual([]);
  });
});
