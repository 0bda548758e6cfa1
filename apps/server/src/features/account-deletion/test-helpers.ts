import { type SQL, sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { type Db, rows } from "../../db/client";
import { accessAudit, users } from "../../db/schema";
import { bare } from "../../db/sql-names";
import { PERSON_COLUMNS, PERSON_TEXT_COLUMN, PERSON_UUID_COLUMN } from "./registry";

/** For tests only (registry.test.ts, e2e/account-deletion.e2e.ts): the live schema's person columns and rows. */

export interface Column {
  table: string;
  column: string;
  type: string;
  fk: string | null;
}

/** The catalogue names `users` and its key by these values (bound as parameters: names read as data). */
const USERS = getTableConfig(users).name;
const USERS_ID = users.id.name;

/** Every column of every table of the live database, with the delete rule of a foreign key to `users`. */
export async function liveColumns(db: Db): Promise<Column[]> {
  return rows<Column>(
    db,
    sql`select c.table_name as "table", c.column_name as "column", c.udt_name as type,
        (select rc.delete_rule from information_schema.key_column_usage k
           join information_schema.referential_constraints rc
             on rc.constraint_name = k.constraint_name and rc.constraint_schema = k.constraint_schema
           join information_schema.constraint_column_usage u
             on u.constraint_name = rc.unique_constraint_name and u.constraint_schema = rc.unique_constraint_schema
          where k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = c.column_name
            and u.table_name = ${USERS} and u.column_name = ${USERS_ID} limit 1) as fk
      from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
      order by 1, 2`,
  );
}

/** The person columns the registry must name: foreign keys to users, and person-named uuid and text columns. */
export const isPersonColumn = (c: Column) =>
  c.fk !== null ||
  ((c.type === "uuid" || c.type === "_uuid") && PERSON_UUID_COLUMN.test(c.column)) ||
  (c.type === "text" && PERSON_TEXT_COLUMN.test(c.column));

export interface Person {
  id: string;
  email: string;
  name: string;
}

/** The rows of `table` that hold the person in `column` (their id, in an array, their e-mail address, their name). */
function holding(c: Column, who: Person): SQL {
  const col = sql.identifier(c.column);
  const tbl = sql.identifier(c.table);
  if (c.table === "rate_events")
    return sql`select count(*)::int as n from ${tbl} where right(${col}, ${who.email.length + 1}) = ${`:${who.email}`}`;
  if (c.column === "address")
    return sql`select count(*)::int as n from ${tbl} where ${bare(accessAudit.actorId)} = ${who.id}::uuid and ${col} <> ''`;
  if (c.type === "_uuid")
    return sql`select count(*)::int as n from ${tbl} where ${who.id}::uuid = any(${col})`;
  if (c.type === "uuid") return sql`select count(*)::int as n from ${tbl} where ${col} = ${who.id}::uuid`;
  if (c.type === "jsonb")
    return sql`select count(*)::int as n from ${tbl} where strpos(${col}::text, ${who.id}) > 0`;
  const value = /name/.test(c.column) ? who.name : who.email;
  return sql`select count(*)::int as n from ${tbl} where lower(${col}) = lower(${value})`;
}

/** How many rows of each registered column hold the person. */
export async function countsOf(db: Db, who: Person) {
  const live = await liveColumns(db);
  const out: Record<string, number> = {};
  for (const key of Object.keys(PERSON_COLUMNS)) {
    const c = live.find((x) => `${x.table}.${x.column}` === key);
    if (!c) throw new Error(`${key} is not in the database`);
    const [r] = await rows<{ n: number }>(db, holding(c, who));
    out[key] = r?.n ?? 0;
  }
  return out;
}
