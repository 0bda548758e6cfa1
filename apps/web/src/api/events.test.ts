import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApi } from "./client";
import { createSseParser, entityEventKeys, readEntityEvents, reconnectDelayMs } from "./events";
import { markAnonymous, storeTokens } from "./session";

describe("SSE frames", () => {
  it("parses the server's frames: the retry hint, heartbeat comments and `changed` events", () => {
    const p = createSseParser();
    expect(p.push("retry: 5000\n\n")).toEqual([]);
    expect(p.retryMs()).toBe(5000);
    expect(p.push(":\n\n")).toEqual([]);
    expect(p.push('event: changed\ndata: {"kinds":["entity"]}\n\n')).toEqual([
      { event: "changed", data: '{"kinds":["entity"]}' },
    ]);
  });

  it("completes events across pieces cut anywhere, also inside a CRLF", () => {
    const text = 'event: changed\r\ndata: {"kinds":["everything"]}\r\n\r\nevent: changed\rdata: a\r\r\n';
    for (let cut = 0; cut <= text.length; cut++) {
      const p = createSseParser();
      const got = [...p.push(text.slice(0, cut)), ...p.push(text.slice(cut))];
      expect(got, `cut at ${cut}`).toEqual([
        { event: "changed", data: '{"kinds":["everything"]}' },
        { event: "changed", data: "a" },
      ]);
    }
  });

  it("follows the format's rules: data lines joined, default name, one space dropped, no data no event", () => {
    const p = createSseParser();
    expect(p.push("data: one\ndata:two\ndata:  three\n\n")).toEqual([
      { event: "message", data: "one\ntwo\n three" },
    ]);
    // an event without data is not dispatched, and its name does not leak into the next one
    expect(p.push("event: changed\n\ndata: x\n\n")).toEqual([{ event: "message", data: "x" }]);
    // a field without a colon, an unknown field, a retry that is not digits
    expect(p.push("data\nid: 7\nretry: soon\n\n")).toEqual([{ event: "message", data: "" }]);
    expect(p.retryMs()).toBeNull();
    // an event is not complete until its blank line arrives
    expect(p.push("event: changed\ndata: y\n")).toEqual([]);
    expect(p.push("\n")).toEqual([{ event: "changed", data: "y" }]);
  });
});

describe("reconnecting", () => {
  it("waits 1 s, then backs off to 30 s while attempts keep failing", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(reconnectDelayMs)).toEqual([
      1000, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("refreshes the entity's alerts and its board", () => {
    expect(entityEventKeys("u1", "sakura")).toEqual([
      ["user", "u1", "staff", "sakura", "notifications"],
      ["user", "u1", "staff", "sakura", "board"],
    ]);
  });
});

describe("readEntityEvents", () => {
  let requests: { url: string; headers: Record<string, string> }[];
  beforeEach(() => {
    requests = [];
    configureApi({ language: () => "jp", onSessionExpired: () => {} });
    storeTokens({
      idToken: "id-token-1",
      refreshToken: "",
      expiresIn: 900,
      user: { uid: "u1", email: "staff@example.com" },
    } as Parameters<typeof storeTokens>[0]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    markAnonymous();
  });

  it("sends the bearer header (never a token in the URL) and reports each `changed` event with its as_of", async () => {
    const chunks = [
      "retry: 5000\n\n",
      ":\n\nevent: chan",
      'ged\ndata: {"kinds":["entity"],"as_of":"1a2b3c4d.7"}\n\n',
      "event: other\ndata: 1\n\n",
      // not as the contract has it: still a change, without an as_of
      'event: changed\ndata: {"kinds":["entity"]}\n\n',
      "event: changed\ndata: not json\n\n",
    ];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      requests.push({ url, headers: init.headers as Record<string, string> });
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
          c.close();
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    });
    const seen: string[] = [];
    await readEntityEvents("sakura ws", {
      signal: new AbortController().signal,
      onOpen: () => seen.push("open"),
      onChanged: (asOf) => seen.push(`changed ${asOf}`),
    });
    expect(seen).toEqual(["open", "changed 1a2b3c4d.7", "changed undefined", "changed undefined"]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe("/api/staff/sakura%20ws/events");
    expect(requests[0]?.url).not.toContain("token");
    expect(requests[0]?.headers.Authorization).toBe("Bearer id-token-1");
  });

  it("throws the API's refusal (another entity's staff: 403) without opening", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(JSON.stringify({ code: "forbidden", detail: "この操作を行う権限がありません。" }), {
          status: 403,
        }),
    );
    const opened = vi.fn();
    await expect(
      readEntityEvents("kaede", {
        signal: new AbortController().signal,
        onOpen: opened,
        onChanged: () => {},
      }),
    ).rejects.toMatchObject({ status: 403, code: "forbidden" });
    expect(opened).not.toHaveBeenCalled();
  });
});
