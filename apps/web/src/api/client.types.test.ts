import type { Board, MemberUser, Report } from "@mimamori/shared";
import { describe, expect, expectTypeOf, it } from "vitest";
import { type ApiResponse, api, apiUrl, urlOf } from "./client";

/*
 * Issue 30 §1 (I30-CLIENT-01): the web's calls are typed by the server's OpenAPI document (schema.ts). The lines
 * marked `@ts-expect-error` are checked by `tsc -p apps/web` (npm run typecheck): each must fail to compile, so a
 * renamed path, method, parameter or body field, or a wrong answer type, fails the build.
 */

// a function never called: its body is only type-checked
function compileChecks(ws: string) {
  // @ts-expect-error a path the server does not have
  void api.get("/staff/{workspace}/userz", { params: { path: { workspace: "w" } } });
  // @ts-expect-error a method the path does not have (no PUT on the member list)
  void api.put("/staff/{workspace}/users", { params: { path: { workspace: "w" } } });
  // @ts-expect-error a path parameter under a wrong name
  void api.get("/staff/{workspace}/users/{id}", { params: { path: { workspace: "w", uid: "u" } } });
  // @ts-expect-error a path parameter left out
  void api.get("/staff/{workspace}/users/{id}", { params: { path: { workspace: "w" } } });
  // @ts-expect-error the parameters left out altogether
  void api.get("/staff/{workspace}/users/{id}");
  void api.get("/staff/{workspace}/board", {
    // @ts-expect-error a query parameter the operation does not take
    params: { path: { workspace: "w" }, query: { tz: "Asia/Tokyo" } },
  });
  // @ts-expect-error a body field of the wrong type
  void api.post("/user/consents/accept", { body: { terms_version: 1 } });
  // @ts-expect-error a required body left out
  void api.post("/auth/sign-in", {});
  // @ts-expect-error a hand-built path (a template or a concatenation) is no documented path
  void api.get(`/staff/${ws}/users`, { params: { path: { workspace: ws } } });
  // @ts-expect-error a download URL checked like a call
  void apiUrl("get", "/staff/{workspace}/forms/{id}/download", { params: { path: { workspace: "w" } } });

  // the answer has the document's type, which is the shared contract's shape
  expectTypeOf(
    api.get("/staff/{workspace}/users/{id}", { params: { path: { workspace: "w", id: "u" } } }),
  ).resolves.toEqualTypeOf<ApiResponse<"get", "/staff/{workspace}/users/{id}">>();
  const member: Promise<MemberUser> = api.get("/staff/{workspace}/users/{id}", {
    params: { path: { workspace: "w", id: "u" } },
  });
  const board: Promise<Board> = api.get("/staff/{workspace}/board", {
    params: { path: { workspace: "w" }, query: { timezone: "Asia/Tokyo" } },
  });
  // @ts-expect-error an answer is not whatever the caller says: the member list is no report
  const wrong: Promise<Report> = api.get("/staff/{workspace}/users", {
    params: { path: { workspace: "w" } },
  });
  return [member, board, wrong];
}

describe("the typed client's URLs", () => {
  it("fills path parameters encoded and the query's set values, in order", () => {
    expect(typeof compileChecks).toBe("function");
    expect(
      urlOf("/staff/{workspace}/users/{id}", {
        path: { workspace: "sakura 1", id: "a/b" },
        query: { timezone: "Asia/Tokyo", report_id: undefined, limit: 50, seen: null },
      }),
    ).toBe("/staff/sakura%201/users/a%2Fb?timezone=Asia%2FTokyo&limit=50");
    expect(urlOf("/user/forms")).toBe("/user/forms");
    expect(urlOf("/x", { query: { kinds: [1, 2] } })).toBe("/x?kinds=1&kinds=2");
  });

  it("refuses a path parameter without a value instead of sending `{id}`", () => {
    expect(() => urlOf("/staff/{workspace}/users/{id}", { path: { workspace: "w" } })).toThrow(/\{id\}/);
  });

  it("builds a download URL like a call's", () => {
    expect(
      apiUrl("get", "/staff/{workspace}/forms/{id}/download", {
        params: { path: { workspace: "w", id: 3 }, query: { timezone: "Asia/Tokyo" } },
      }),
    ).toBe("/staff/w/forms/3/download?timezone=Asia%2FTokyo");
  });
});
