import { afterAll, beforeAll } from "vitest";
import { startTestApp, type TestApp } from "./app";
import { type Role, roleTokens } from "./roles";

/**
 * Starts something once for a test file (`beforeAll`) and stops it after the file's last test (`afterAll`).
 * The answer is filled in when the file's tests start: read it inside tests and hooks, not at the file's top level.
 */
export function perFile<T extends object>(start: () => Promise<T>, stop: (started: T) => Promise<void>): T {
  const started = {} as T;
  beforeAll(async () => {
    Object.assign(started, await start());
  });
  afterAll(() => stop(started));
  return started;
}

type TestAppOptions = Parameters<typeof startTestApp>[0];

/** The seeded test app and the tokens of the role matrix (test/roles.ts) for a whole test file. */
export function testAppWithRolesPerFile(opts: TestAppOptions = {}): {
  t: TestApp;
  tok: Record<Role, string | undefined>;
} {
  const tok = {} as Record<Role, string | undefined>;
  const t = perFile(
    async () => {
      const app = await startTestApp({ seed: true, ...opts });
      Object.assign(tok, await roleTokens(app));
      return app;
    },
    (app) => app.close(),
  );
  return { t, tok };
}

/** A test world (test/worlds/) for a whole test file: its app closes after the file's last test. */
export function worldPerFile<W extends { t: TestApp }>(start: () => Promise<W>): W {
  return perFile(start, (w) => w.t.close());
}

/** The seeded test app for a whole test file, with one demo person signed in: their token and id. */
export function signedInPerFile(email: string): { t: TestApp; person: { token: string; uid: string } } {
  const person = { token: "", uid: "" };
  const t = perFile(
    async () => {
      const app = await startTestApp({ seed: true });
      const session = await app.signIn(email);
      Object.assign(person, { token: session.idToken, uid: session.user.uid });
      return app;
    },
    (app) => app.close(),
  );
  return { t, person };
}
