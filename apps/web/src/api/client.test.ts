import type { SessionResponse } from "@mimamori/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, configureApi, refreshSession, request } from "./client";
import { markAnonymous, markAuthenticated, sessionStore, storeTokens } from "./session";

const session = (idToken: string, expiresIn = 900): SessionResponse => ({
  idToken,
  refreshToken: "r",
  expiresIn,
  user: { uid: "u1", email: "a@example.com", emailVerified: true },
});

type Call = { url: string; method: string; headers: Record<string, string>; body?: string };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

let calls: Call[];
let onExpired: ReturnType<typeof vi.fn<() => void>>;

function mockFetch(handler: (call: Call) => Response | Promise<Response>) {
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const call = {
      url,
      method: init.method ?? "GET",
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
    };
    calls.push(call);
    return handler(call);
  });
}

beforeEach(() => {
  calls = [];
  onExpired = vi.fn<() => void>();
  configureApi({ language: () => "jp", onSessionExpired: onExpired });
  markAnonymous();
});
afterEach(() => vi.unstubAllGlobals());

describe("request", () => {
  it("sends JSON, the id token and Accept-Language of the UI language", async () => {
    storeTokens(session("t1"));
    mockFetch(() => json(200, { ok: true }));
    await expect(request("PUT", "/user/language", { body: { language: "en" } })).resolves.toEqual({
      ok: true,
    });
    expect(calls[0]).toMatchObject({ url: "/api/user/language", method: "PUT", body: '{"language":"en"}' });
    expect(calls[0]?.headers).toMatchObject({
      Authorization: "Bearer t1",
      "Accept-Language": "ja",
      "Content-Type": "application/json",
    });
  });

  it("turns an error body into an ApiError with its code, detail and field", async () => {
    mockFetch(() => json(409, { detail: "exists", code: "email-already-in-use", field: "email" }));
    const err = await request("POST", "/user/register", { auth: false, body: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 409,
      code: "email-already-in-use",
      detail: "exists",
      field: "email",
    });
  });

  it("reports a network failure as status 0 / unknown-error", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(request("GET", "/health", { auth: false })).rejects.toMatchObject({
      status: 0,
      code: "unknown-error",
    });
  });

  it("on a 401 refreshes once and retries with the new token", async () => {
    storeTokens(session("old"));
    markAuthenticated(session("old").user);
    mockFetch((c) => {
      if (c.url === "/api/auth/refresh") return json(200, session("new"));
      return c.headers.Authorization === "Bearer new"
        ? json(200, { name: "x" })
        : json(401, { code: "unauthenticated", detail: "" });
    });
    await expect(request("GET", "/user/info")).resolves.toEqual({ name: "x" });
    expect(calls.map((c) => c.url)).toEqual(["/api/user/info", "/api/auth/refresh", "/api/user/info"]);
    expect(sessionStore.getSnapshot().status).toBe("authenticated");
  });

  it("ends the session when the refresh fails, and says so once", async () => {
    storeTokens(session("old"));
    markAuthenticated(session("old").user);
    mockFetch(() => json(401, { code: "unauthenticated", detail: "" }));
    await expect(request("GET", "/user/info")).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getSnapshot()).toMatchObject({ status: "anonymous", ended: "expired" });
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it("does not refresh for public calls (a wrong password is an answer, not an expired session)", async () => {
    mockFetch(() => json(401, { code: "wrong-password", detail: "Wrong password." }));
    await expect(request("POST", "/auth/sign-in", { auth: false, body: {} })).rejects.toMatchObject({
      code: "wrong-password",
    });
    expect(calls).toHaveLength(1);
  });

  it("refreshes before calling when the id token has expired", async () => {
    storeTokens(session("stale", 0));
    mockFetch((c) => (c.url === "/api/auth/refresh" ? json(200, session("fresh")) : json(200, {})));
    await request("GET", "/user/info");
    expect(calls.map((c) => c.url)).toEqual(["/api/auth/refresh", "/api/user/info"]);
    expect(calls[1]?.headers.Authorization).toBe("Bearer fresh");
  });
});

describe("refreshSession", () => {
  it("shares one request between concurrent callers (refresh tokens are single use)", async () => {
    let release: () => void = () => {};
    mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(200, session("shared")));
        }),
    );
    const a = refreshSession();
    const b = refreshSession();
    release();
    expect((await a)?.idToken).toBe("shared");
    expect((await b)?.idToken).toBe("shared");
    expect(calls).toHaveLength(1);
  });
});
