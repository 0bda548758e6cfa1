import { describe, expect, it } from "vitest";
import { requestKind } from "./cachePolicy";

const origin = "https://mimamori.example";
const get = (path: string, mode = "cors") => ({ url: `${origin}${path}`, method: "GET", mode });

describe("requestKind", () => {
  it("never answers an API call, a navigation to the API included", () => {
    for (const path of ["/api/user/info", "/api/health", "/api/staff/ws1/users?page=2", "/api"]) {
      expect(requestKind(get(path), origin), path).toBe("network");
      expect(requestKind(get(path, "navigate"), origin), path).toBe("network");
    }
    expect(requestKind({ url: `${origin}/api/auth/sign-in`, method: "POST", mode: "cors" }, origin)).toBe(
      "network",
    );
  });

  it("serves the app's pages network first and its built files from the cache", () => {
    expect(requestKind(get("/auth/client/sign-in", "navigate"), origin)).toBe("page");
    expect(requestKind(get("/staff/ws1/users", "navigate"), origin)).toBe("page");
    expect(requestKind(get("/assets/index-CCeZaDD7.js", "cors"), origin)).toBe("asset");
    expect(requestKind(get("/favicon.svg", "no-cors"), origin)).toBe("asset");
  });

  it("leaves other origins, other methods and unknown files to the browser", () => {
    expect(requestKind({ url: "https://cdn.example/x.js", method: "GET", mode: "cors" }, origin)).toBe(
      "network",
    );
    expect(requestKind({ url: `${origin}/assets/x.js`, method: "POST", mode: "cors" }, origin)).toBe(
      "network",
    );
    expect(requestKind(get("/sw.js"), origin)).toBe("network");
    expect(requestKind(get("/apiary", "navigate"), origin)).toBe("page");
  });
});
