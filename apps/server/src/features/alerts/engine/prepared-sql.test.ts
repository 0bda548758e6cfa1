import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { notifications } from "../../../db/schema";
import { prepared } from "./prepared-sql";

const dialect = new PgDialect();

describe("prepared", () => {
  it("renders the template once and binds each call's values, an array as one parameter", () => {
    const n = notifications;
    const statement = prepared(
      ["user", "ids"],
      (p) =>
        sql`select ${n.id} from ${n} where ${n.userId} = ${p.user}::uuid and ${n.notificationType} = ${2}
        and ${n.id} = any(${p.ids}::int[])`,
    );
    const a = dialect.sqlToQuery(statement({ user: "u-1", ids: [1, 2, 3] }));
    const b = dialect.sqlToQuery(statement({ user: "u-2", ids: [] }));
    expect(a.sql).toBe(
      `select "notifications"."id" from "notifications" where "notifications"."user_id" = $1::uuid and "notifications"."notification_type" = $2
        and "notifications"."id" = any($3::int[])`,
    );
    expect(b.sql).toBe(a.sql);
    expect(a.params).toEqual(["u-1", 2, [1, 2, 3]]);
    expect(b.params).toEqual(["u-2", 2, []]);
  });
});
