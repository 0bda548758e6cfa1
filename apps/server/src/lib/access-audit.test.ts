import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { AUDIT_REPEAT_MS, type AuditCaller, auditRepeats, callerOf } from "./access-audit";

const caller: AuditCaller = {
  actorId: "00000000-0000-4000-8000-000000000001",
  actorName: "Sato Staff",
  role: "staff",
  workspace: "harbor",
  requestId: "r1",
  address: "127.0.0.1",
};

describe("a read repeated within five minutes", () => {
  it("is written once per person, and again after the window or for another period", () => {
    expect(AUDIT_REPEAT_MS).toBe(300_000);
    let now = 0;
    const repeats = auditRepeats(AUDIT_REPEAT_MS, () => now);
    const first = repeats.unwritten(caller, { what: "board", subjects: ["a", "b"] });
    expect(first?.read.subjects).toEqual(["a", "b"]);
    repeats.written(first?.keys ?? []);
    // one new person among the same ones: only that person
    expect(repeats.unwritten(caller, { what: "board", subjects: ["a", "b", "c"] })?.read.subjects).toEqual([
      "c",
    ]);
    expect(repeats.unwritten(caller, { what: "board", subjects: ["b", "a"] })).toBeNull();
    // another period, another reader, another thing: written
    const day = { from: new Date(0), to: new Date(86_400_000) };
    expect(repeats.unwritten(caller, { what: "board", subjects: ["a"], ...day })).not.toBeNull();
    expect(
      repeats.unwritten({ ...caller, actorId: "other" }, { what: "board", subjects: ["a"] }),
    ).not.toBeNull();
    expect(repeats.unwritten(caller, { what: "chart", subjects: ["a"] })).not.toBeNull();
    now = AUDIT_REPEAT_MS - 1;
    expect(repeats.unwritten(caller, { what: "board", subjects: ["a"] })).toBeNull();
    now = AUDIT_REPEAT_MS;
    expect(repeats.unwritten(caller, { what: "board", subjects: ["a"] })?.read.subjects).toEqual(["a"]);
  });

  it("a list's people due within a fifth of the window are written with one who is due, so they come due together", () => {
    let now = 0;
    const repeats = auditRepeats(AUDIT_REPEAT_MS, () => now);
    const board = (subjects: string[]) => {
      const todo = repeats.unwritten(caller, { what: "board", subjects });
      repeats.written(todo?.keys ?? []);
      return todo?.read.subjects ?? null;
    };
    expect(board(["a"])).toEqual(["a"]);
    // b is new; a is due at 300 s, within 60 s of 250 s: written again with b
    now = 250_000;
    expect(board(["a", "b"])).toEqual(["a", "b"]);
    now = 300_000;
    expect(board(["a", "b"])).toBeNull();
    // c is new; a and b are due at 550 s, more than 60 s away: c alone
    now = 400_000;
    expect(board(["a", "b", "c"])).toEqual(["c"]);
    // a and b are due; c (due at 700 s) is not within 60 s of 550 s
    now = 550_000;
    expect(board(["a", "b", "c"])).toEqual(["a", "b"]);
    // nobody is due: c, due within 60 s, waits for its own end or for someone else's
    now = 650_000;
    expect(board(["a", "b", "c"])).toBeNull();
  });

  it("an entity-wide read is one key and its rows count person by person; a subquery's people are always written", () => {
    const repeats = auditRepeats(AUDIT_REPEAT_MS, () => 0);
    const whole = repeats.unwritten(caller, { what: "report", subjects: "entity-members" });
    repeats.written(whole?.keys ?? []);
    expect(repeats.unwritten(caller, { what: "report", subjects: "entity-members" })).toBeNull();
    // the rows it wrote count person by person: the same read as a list writes only whom it missed
    repeats.written(["a", "b"].map((id) => whole?.personKey(id) ?? ""));
    expect(repeats.unwritten(caller, { what: "report", subjects: ["b", "a", "z"] })?.read.subjects).toEqual([
      "z",
    ]);
    const query = { what: "csv" as const, subjects: { query: {} as never } };
    const q = repeats.unwritten(caller, query);
    repeats.written(q?.keys ?? []);
    expect(repeats.unwritten(caller, query)).not.toBeNull();
  });
});

describe("the caller of a read", () => {
  const request = (ip: string | undefined) =>
    ({
      user: { id: "u1", name: "Staff", isSuperUser: false },
      routeOptions: { config: { access: "staff" } },
      params: { workspace: "sakura" },
      id: "req-1",
      ip,
    }) as unknown as FastifyRequest;

  it("carries the address, and an empty one for a caller who hung up before the answer (Node gives undefined)", () => {
    expect(callerOf(request("192.0.2.7"))?.address).toBe("192.0.2.7");
    expect(callerOf(request(undefined))).toEqual({
      actorId: "u1",
      actorName: "Staff",
      role: "staff",
      workspace: "sakura",
      requestId: "req-1",
      address: "",
    });
  });
});
