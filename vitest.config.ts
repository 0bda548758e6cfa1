import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) is one worker on a 2-core machine, where a server test
    // file (its PGlite in the worker) keeps one core busy and the other mostly idle: two workers took the PGlite
    // API suite from ~730 s to 465 s and the PostgreSQL one from ~510 s to 357 s (docs/decisions.md). The e2e
    // project stays one file at a time (fileParallelism: false).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: "shared", include: ["packages/shared/src/**/*.test.ts"] } },
      { test: { name: "web", include: ["apps/web/src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          // a worker keeps the server's modules loaded from one file to the next instead of importing them again
          // for each of ~96 files: the PGlite suite 598 s -> 282 s, the PostgreSQL one 363 s -> 251 s (each test file
          // builds its own app and database; docs/decisions.md "Test files share a worker's modules")
          isolate: false,
          globalSetup: ["apps/server/src/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          // as the server project: the journeys' files import the server once (979 -> 921 s)
          isolate: false,
          globalSetup: ["apps/server/src/test/global-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
