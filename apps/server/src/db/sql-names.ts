import { type Column, type SQL, sql } from "drizzle-orm";

/**
 * A column's bare name (`"user_id"`), from the Drizzle column so that a rename still fails to compile. Only
 * where Drizzle's own rendering, `"table"."column"`, is not valid SQL: insert column lists, `on conflict`
 * targets, `excluded.` columns, and columns read through a table alias (`b.${bare(t.min)}`) or from a
 * subquery's output.
 */
export const bare = (column: Column): SQL => sql`${sql.identifier(column.name)}`;

/** Bare names of several columns, comma-separated (an insert's column list, an `on conflict` target). */
export const bareList = (...columns: Column[]): SQL =>
  sql.join(
    columns.map((c) => bare(c)),
    sql`, `,
  );
