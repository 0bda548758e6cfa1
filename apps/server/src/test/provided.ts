/** What the test global setup hands to test files (vitest's provide/inject). */
declare module "vitest" {
  export interface ProvidedContext {
    /** Path of a migrated PGlite dump; empty when the tests run against PostgreSQL. */
    pgliteTemplate: string;
  }
}

export {};
