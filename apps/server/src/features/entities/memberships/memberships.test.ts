import { beforeAll, describe, expect, it } from "vitest";
import { testAppWithRolesPerFile } from "../../../test/per-file";

const { t, tok } = testAppWithRolesPerFile();
beforeAll(async () => {
  await t.call("POST", "/entities/sakura/modules/1", undefined, { token: tok.admin });
  await t.call("POST", "/entities/sakura/modules/2", undefined, { token: tok.admin });
});

const names = (list: { workspace_name: string }[]) => list.map((e) => e.workspace_name);

describe("GET /user/entities", () => {
  it("shows public entities and the caller's own, entries with a status first", async () => {
    const outsider = await t.call("GET", "/user/entities", undefined, { token: tok.outsider });
    expect(names(outsider.body)).toEqual(["sakura"]);
    expect(outsider.body[0]).toMatchObject({ status: "", is_pending: false });
    const client = await t.call("GET", "/user/entities", undefined, { token: tok.client });
    expect(names(client.body)).toEqual(["harbor", "sakura"]);
    expect(client.body.every((e: { status: string }) => e.status === "added")).toBe(true);
    expect((await t.call("GET", "/user/entities")).status).toBe(401);
  });
});

describe("membership life cycle", () => {
  it("apply → pending → cancel; apply → approved by staff → detail → quit", async () => {
    const o = { token: tok.outsider };
    const applied = await t.call("POST", "/user/entities/sakura", undefined, o);
    expect(applied.status).toBe(201);
    expect(applied.body).toMatchObject({ workspace_name: "sakura", status: "", is_pending: true });
    expect((await t.call("POST", "/user/entities/sakura", undefined, o)).body.code).toBe("already-member");
    expect((await t.call("GET", "/user/entities/sakura", undefined, o)).status).toBe(403);
    const cancelled = await t.call("PUT", "/user/entities/sakura", undefined, o);
    expect(cancelled.body).toMatchObject({ status: "", is_pending: false });
    expect((await t.call("PUT", "/user/entities/sakura", undefined, o)).body.code).toBe("not-pending");

    await t.call("POST", "/user/entities/sakura", undefined, o);
    const users = await t.call("GET", "/staff/sakura/users", undefined, { token: tok.staff });
    const pending = users.body.find((u: { email: string }) => u.email === "outsider@example.com");
    expect(pending.is_pending).toBe(true);
    expect(
      (await t.call("POST", `/staff/sakura/users/${pending.id}/approval`, undefined, { token: tok.staff }))
        .status,
    ).toBe(200);

    const detail = await t.call("GET", "/user/entities/sakura", undefined, o);
    expect(detail.body).toMatchObject({ status: "added", is_pending: false, name: "さくら介護センター" });
    const quit = await t.call("DELETE", "/user/entities/sakura", undefined, o);
    expect(quit.body.status).toBe("");
    expect((await t.call("DELETE", "/user/entities/sakura", undefined, o)).body.code).toBe("not-member");
  });

  it("adds a private entity by its ID", async () => {
    const res = await t.call("POST", "/user/entities/kaede", undefined, { token: tok.outsider });
    expect(res.status).toBe(201);
    const list = await t.call("GET", "/user/entities", undefined, { token: tok.outsider });
    expect(names(list.body)).toEqual(["kaede", "sakura"]);
    expect(
      (await t.call("POST", "/user/entities/nosuch", undefined, { token: tok.outsider })).body.code,
    ).toBe("entity-not-found");
  });
});

describe("client module subscriptions", () => {
  it("lists only the modules the entity offers, subscribes, sets a mode while subscribed, unsubscribes", async () => {
    const o = { token: tok.client };
    const list = await t.call("GET", "/user/entities/sakura/modules", undefined, o);
    expect(list.body.map((m: { id: number }) => m.id)).toEqual([1, 2]);
    expect(
      (await t.call("POST", "/user/entities/sakura/modules/1/mode", { mode_option: 101 }, o)).body.code,
    ).toBe("not-subscribed");
    const sub = await t.call("POST", "/user/entities/sakura/modules/1", undefined, o);
    expect(sub.body[0]).toMatchObject({ id: 1, status: "subscribed" });
    const mode = await t.call("POST", "/user/entities/sakura/modules/1/mode", { mode_option: 103 }, o);
    expect(mode.body[0].subscription_mode).toBe(103);
    expect((await t.call("POST", "/user/entities/sakura/modules/3", undefined, o)).body.code).toBe(
      "module-not-offered",
    );
    expect(
      (await t.call("POST", "/user/entities/sakura/modules/1/mode", { mode_option: "x" }, o)).status,
    ).toBe(400);
    const unsub = await t.call("DELETE", "/user/entities/sakura/modules/1", undefined, o);
    expect(unsub.body[0].status).toBe("");
  });

  it("keeps one member's subscriptions apart from another's and from non-members", async () => {
    await t.call("POST", "/user/entities/sakura/modules/2", undefined, { token: tok.client });
    const other = await t.call("GET", "/user/entities/sakura/modules", undefined, { token: tok.outsider });
    expect(other.status).toBe(403);
    expect(
      (await t.call("POST", "/user/entities/sakura/modules/2", undefined, { token: tok.staff })).status,
    ).toBe(403);
  });
});
