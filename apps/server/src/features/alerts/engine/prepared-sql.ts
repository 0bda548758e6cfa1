import { is, Placeholder, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

const dialect = new PgDialect();

/**
 * A statement whose text drizzle renders once, at load (its tables and columns resolved then), bound to new values
 * at each call. Ingestion runs the alert statements for every batch, and rendering templates of their size cost the
 * server more than the database's work for them. `build` gets a placeholder per name; every other value in the
 * template is a constant, bound as it was at load.
 */
export function prepared<N extends string>(
  names: readonly N[],
  build: (p: Record<N, Placeholder>) => SQL,
): (values: Record<N, unknown>) => SQL {
  const placeholders = Object.fromEntries(names.map((n) => [n, sql.placeholder(n)])) as unknown as Record<
    N,
    Placeholder
  >;
  const query = dialect.sqlToQuery(build(placeholders));
  // "text $1 text $2 text": the text between parameters, and which parameter follows each piece
  const pieces = query.sql.split(/\$(\d+)\b/);
  return (values) => {
    const chunks: SQL[] = [];
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] as string;
      if (i % 2 === 0) {
        if (piece) chunks.push(sql.raw(piece));
        continue;
      }
      const param = query.params[Number(piece) - 1];
      // one parameter whatever the value (an array in a template would become a list)
      chunks.push(sql`${sql.param(is(param, Placeholder) ? values[param.name as N] : param)}`);
    }
    return sql.join(chunks);
  };
}
