import { EMAIL_MAX_LENGTH, MESSAGES, PASSWORD_MAX_LENGTH, signInBodySchema } from "@mimamori/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkSignIn } from "./signInCheck";

/** What the server's schema says of a body: the first message per field, or the parsed body. */
function bySchema(values: { email: string; password: string; remember: boolean }) {
  const r = signInBodySchema.safeParse(values);
  if (r.success) return { body: r.data };
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
}

const form = (email: string, password = "secret") => ({ email, password, remember: false });

describe("checkSignIn", () => {
  it("names each invalid field with the catalogue's code", () => {
    expect(checkSignIn(form("", ""))).toEqual({ errors: { email: "required", password: "required" } });
    expect(checkSignIn(form("   "))).toEqual({ errors: { email: "required" } });
    expect(checkSignIn(form("hanako@example"))).toEqual({ errors: { email: "invalid-email" } });
    expect(checkSignIn(form(`${"a".repeat(EMAIL_MAX_LENGTH - 11)}@example.com`))).toEqual({
      errors: { email: "too-long" },
    });
    expect(checkSignIn(form("hanako@example.com", "x".repeat(PASSWORD_MAX_LENGTH + 1)))).toEqual({
      errors: { password: "password-too-long" },
    });
    expect(MESSAGES["password-too-long"].en).toBe("Use 128 characters or fewer");
  });

  it("sends the address as the server reads it", () => {
    expect(checkSignIn({ email: " Hanako@Example.COM ", password: " pw ", remember: true })).toEqual({
      body: { email: "hanako@example.com", password: " pw ", remember: true },
    });
    expect(checkSignIn(form(`${"a".repeat(EMAIL_MAX_LENGTH - 12)}@example.com`))).toHaveProperty("body");
  });

  it("answers as signInBodySchema does, for any input", () => {
    const local = fc.stringMatching(/^[A-Za-z0-9_'+.\- ]{0,12}$/);
    const domain = fc.stringMatching(/^[A-Za-z0-9.-]{0,12}$/);
    const email = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`),
      fc.tuple(local, domain, fc.constantFrom("jp", "COM", "c", "x1")).map(([l, d, t]) => ` ${l}@${d}.${t}`),
      fc.nat({ max: 300 }).map((n) => `${"a".repeat(n)}@example.com`),
    );
    const password = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.nat({ max: 200 }).map((n) => "p".repeat(n)),
    );
    fc.assert(
      fc.property(email, password, fc.boolean(), (e, p, remember) => {
        const values = { email: e, password: p, remember };
        expect(checkSignIn(values)).toEqual(bySchema(values));
      }),
      { numRuns: 2000 },
    );
  });
});
