import { describe, expect, it } from "vitest";
import { afterSignIn, areaOf, fromPath, guardDecision, homeOf, withWorkspace } from "./guardDecision";

const client = { userEmail: "c@example.com", userType: "client" };
const staff = { userEmail: "s@example.com", userType: "staff", workspace: "sakura" };
const admin = { userEmail: "a@example.com", userType: "admin" };

const decide = (path: string, cookies: Record<string, string>, authenticated = true, search = "") =>
  guardDecision({ path, search, cookies, authenticated });

describe("guardDecision: public pages", () => {
  it("never redirects outside /client, /staff and /admin", () => {
    for (const path of [
      "/",
      "/auth/client/sign-in",
      "/auth/sign-up",
      "/about",
      "/terms",
      "/clients",
      "/staffroom",
    ]) {
      expect(decide(path, {}, false)).toBeNull();
    }
  });
});

describe("guardDecision: unauthenticated", () => {
  it("sends each area to its own sign-in and remembers where the person was going", () => {
    expect(decide("/client", client, false)).toEqual({ to: "/auth/client/sign-in", rememberFrom: true });
    expect(decide("/client/profile", {}, false)).toEqual({ to: "/auth/client/sign-in", rememberFrom: true });
    expect(decide("/staff/profile", staff, false, "?workspace=sakura")).toEqual({
      to: "/auth/staff/sign-in",
      rememberFrom: true,
    });
    expect(decide("/admin", admin, false)).toEqual({ to: "/auth/admin/sign-in", rememberFrom: true });
  });
  it("sends the entity selection to the staff sign-in", () => {
    expect(decide("/auth/staff/entity-select", {}, false)).toEqual({
      to: "/auth/staff/sign-in",
      rememberFrom: true,
    });
    expect(decide("/auth/staff/entity-select", {}, true)).toBeNull();
  });
});

describe("guardDecision: missing cookies", () => {
  it("sends a person without the userEmail or userType cookie to the client sign-in", () => {
    const to = { to: "/auth/client/sign-in", rememberFrom: false };
    expect(decide("/client", { userType: "client" })).toEqual(to);
    expect(decide("/staff", { userEmail: "s@example.com", workspace: "sakura" })).toEqual(to);
    expect(decide("/admin", {})).toEqual(to);
    expect(decide("/client", { userEmail: "x@example.com", userType: "owner" })).toEqual(to);
  });
});

describe("guardDecision: user type separation", () => {
  it("lets each user type into its own area", () => {
    expect(decide("/client", client)).toBeNull();
    expect(decide("/client/profile", client)).toBeNull();
    expect(decide("/admin/profile", admin)).toBeNull();
    expect(decide("/staff", staff, true, "?workspace=sakura")).toBeNull();
  });
  it("sends staff on client pages to /staff (with the selected workspace)", () => {
    expect(decide("/client/profile", staff)).toEqual({ to: "/staff?workspace=sakura", rememberFrom: false });
    expect(decide("/client", { ...staff, workspace: "" })).toEqual({
      to: "/auth/staff/entity-select",
      rememberFrom: false,
    });
  });
  it("sends a client on staff pages to /client", () => {
    expect(decide("/staff", client, true, "?workspace=sakura")).toEqual({
      to: "/client",
      rememberFrom: false,
    });
  });
  it("sends an admin on staff or client pages to /admin", () => {
    expect(decide("/staff/profile", admin, true, "?workspace=sakura")).toEqual({
      to: "/admin",
      rememberFrom: false,
    });
    expect(decide("/client", admin)).toEqual({ to: "/admin", rememberFrom: false });
  });
  it("sends a client or staff on admin pages to their own home", () => {
    expect(decide("/admin", client)).toEqual({ to: "/client", rememberFrom: false });
    expect(decide("/admin/profile", staff)).toEqual({ to: "/staff?workspace=sakura", rememberFrom: false });
  });
});

describe("guardDecision: staff workspace", () => {
  it("takes the workspace from the query parameter, which wins over the cookie", () => {
    expect(decide("/staff", { ...staff, workspace: "harbor" }, true, "?workspace=sakura")).toBeNull();
    expect(
      decide("/staff/profile", { ...staff, workspace: undefined as unknown as string }, true, "?workspace=x"),
    ).toBeNull();
  });
  it("puts the cookie's workspace into the URL when the query parameter is missing", () => {
    expect(decide("/staff/profile", staff, true, "?tab=2")).toEqual({
      to: "/staff/profile?tab=2&workspace=sakura",
      rememberFrom: false,
    });
  });
  it("needs a selected entity", () => {
    expect(decide("/staff", { userEmail: "s@example.com", userType: "staff" })).toEqual({
      to: "/auth/staff/entity-select",
      rememberFrom: true,
    });
  });
});

describe("helpers", () => {
  it("areaOf matches whole path segments only", () => {
    expect(areaOf("/client")).toBe("client");
    expect(areaOf("/staff/form/1")).toBe("staff");
    expect(areaOf("/admin/")).toBe("admin");
    expect(areaOf("/administrator")).toBeNull();
    expect(areaOf("/auth/client/sign-in")).toBeNull();
  });
  it("withWorkspace sets or replaces the parameter and keeps the hash", () => {
    expect(withWorkspace("/staff", "sakura")).toBe("/staff?workspace=sakura");
    expect(withWorkspace("/staff/x?workspace=a&b=1#top", "harbor")).toBe("/staff/x?workspace=harbor&b=1#top");
  });
  it("homeOf gives the home of each user type", () => {
    expect(homeOf("client")).toBe("/client");
    expect(homeOf("admin", "sakura")).toBe("/admin");
    expect(homeOf("staff", "sakura")).toBe("/staff?workspace=sakura");
    expect(homeOf("staff")).toBe("/auth/staff/entity-select");
  });
  it("fromPath accepts only in-app locations", () => {
    expect(fromPath({ pathname: "/client/profile", search: "?a=1", hash: "" })).toBe("/client/profile?a=1");
    expect(fromPath({ pathname: "//evil.example/x" })).toBeNull();
    expect(fromPath({ pathname: "https://evil.example" })).toBeNull();
    expect(fromPath("/client")).toBeNull();
    expect(fromPath(undefined)).toBeNull();
  });
});

describe("afterSignIn", () => {
  const from = (pathname: string, search = "") => ({ pathname, search, hash: "" });
  it("returns a client to the page they came from, else /client", () => {
    expect(afterSignIn("client", from("/client/profile"))).toBe("/client/profile");
    expect(afterSignIn("client", undefined)).toBe("/client");
    expect(afterSignIn("client", from("/admin"))).toBe("/client");
  });
  it("sends an admin to the admin page they came from, else /admin", () => {
    expect(afterSignIn("admin", from("/admin/profile"))).toBe("/admin/profile");
    expect(afterSignIn("admin", from("/client"))).toBe("/admin");
  });
  it("sends staff to the chosen workspace", () => {
    expect(afterSignIn("staff", undefined)).toBe("/auth/staff/entity-select");
    expect(afterSignIn("staff", undefined, "sakura")).toBe("/staff?workspace=sakura");
    expect(afterSignIn("staff", from("/staff/profile", "?workspace=harbor"), "sakura")).toBe(
      "/staff/profile?workspace=sakura",
    );
    expect(afterSignIn("staff", from("/client"), "harbor")).toBe("/staff?workspace=harbor");
  });
});
