import { randomUUID } from "node:crypto";
import { asc, desc, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessAudit,
  alertStates,
  consentEvents,
  dataImages,
  dataItems,
  dataItemTypes,
  dataViews,
  formRecipientList,
  formSchedules,
  formSends,
  forms,
  mailOutbox,
  memberModules,
  memberSnoozes,
  modules,
  notificationMails,
  notificationSeen,
  notificationSettings,
  notifications,
  personalExports,
  reportTunings,
  sleepSegments,
  sleepSessions,
  staffNotificationPrefs,
  users,
  vitalDays,
  vitalHourDays,
  vitalRetention,
  vitalSamples,
  vitalSync,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema";
import { bare } from "../../db/sql-names";
import { startTestApp, type TestApp } from "../../test/app";
import { PERSON_COLUMNS } from "./registry";
import { deleteDueAccounts } from "./service";
import { countsOf, isPersonColumn, liveColumns } from "./test-helpers";

/**
 * Issue 29 §4 "a test lists every table and proves no row of the person remains": the live schema's person columns
 * are all in the deletion's registry (a new one fails here until it is handled), and a person with rows in every
 * one of them leaves none after the deletion. Runs on PGlite and, with scripts/with-postgres.sh, on PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    seed: true,
    vitalDays: 1,
    demoForms: true,
    demoAlerts: true,
    demoDataItems: true,
  });
});
afterAll(() => t?.close());

describe("the deletion's registry covers the live schema", () => {
  it("names every person column, with the handling its foreign key does, and nothing that is not there", async () => {
    const live = await liveColumns(t.db);
    const missing = live.filter((c) => isPersonColumn(c) && !PERSON_COLUMNS[`${c.table}.${c.column}`]);
    expect(missing.map((c) => `${c.table}.${c.column}`)).toEqual([]);
    const names = new Set(live.map((c) => `${c.table}.${c.column}`));
    expect(Object.keys(PERSON_COLUMNS).filter((k) => !names.has(k))).toEqual([]);
    for (const c of live.filter((x) => x.fk !== null)) {
      const entry = PERSON_COLUMNS[`${c.table}.${c.column}`];
      // a cascade in the registry is a cascade in the database; a nulled column is SET NULL
      expect([`${c.table}.${c.column}`, entry?.how === "cascade" ? "CASCADE" : "SET NULL"]).toEqual([
        `${c.table}.${c.column}`,
        c.fk,
      ]);
    }
  });

  it("fails for a new table with a person column until it is registered", async () => {
    await t.db.execute(sql`create table new_person_table (reviewed_by uuid)`);
    try {
      const live = await liveColumns(t.db);
      const missing = live.filter((c) => isPersonColumn(c) && !PERSON_COLUMNS[`${c.table}.${c.column}`]);
      expect(missing.map((c) => `${c.table}.${c.column}`)).toEqual(["new_person_table.reviewed_by"]);
    } finally {
      await t.db.execute(sql`drop table new_person_table`);
    }
  });
});

describe("an account's deletion leaves no row of the person", () => {
  it("removes them from every registered column, keeps others' rows and the audit pseudonymised", async () => {
    const db = t.db;
    const [victim] = await db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.email, "client@example.com"));
    if (!victim) throw new Error("no demo client");
    const v = sql`${victim.id}::uuid`;
    const now = Date.now();
    const HOUR_MS = 3600_000;
    // the person's own rows beyond the demo seed: a session, a failed sign-in and a reset mail
    await t.signIn(victim.email);
    await t.call("POST", "/auth/sign-in", { email: victim.email, password: "wrong-password-1" });
    await t.call("POST", "/auth/password-reset", { email: victim.email });
    await db.insert(personalExports).values({ userId: victim.id, expiresAt: new Date(now) });
    await db.insert(consentEvents).values({ userId: victim.id, kind: "membership-accepted" });
    await db
      .insert(vitalSync)
      .values({ userId: victim.id, lastSyncAt: new Date(now) })
      .onConflictDoNothing();
    await db
      .insert(vitalRetention)
      .values({ userId: victim.id, rawFrom: new Date(now), lastRemovedAt: new Date(now) });
    // a packed day of samples (the pack job's; features/vitals/pack.ts)
    await db.insert(vitalDays).values({
      userId: victim.id,
      measure: 5091,
      day: "2024-05-01",
      offsets: [0, 60_000],
      readings: [61, 62],
    });
    // and a packed day of hour buckets (the same job's)
    await db.insert(vitalHourDays).values({
      userId: victim.id,
      measure: 5091,
      day: "2024-05-01",
      counts: [2, ...Array(23).fill(0)],
      narrowAggs: [61, ...Array(23).fill(0), 62, ...Array(23).fill(0), 123, ...Array(23).fill(0)],
    });
    await db.insert(sleepSessions).values({
      userId: victim.id,
      startAt: new Date(now - 8 * HOUR_MS),
      endAt: new Date(now),
      deep: 1,
      light: 2,
      rem: 3,
      awake: 4,
    });
    await db
      .insert(sleepSegments)
      .values({ userId: victim.id, startAt: new Date(now - HOUR_MS), endAt: new Date(now), stage: "deep" });
    await db
      .insert(reportTunings)
      .values({ userId: victim.id, workspaceName: "sakura", measure: 5091 })
      .onConflictDoNothing();
    const [mod] = await db.select({ id: modules.id }).from(modules).limit(1);
    if (!mod) throw new Error("no module");
    await db
      .insert(memberModules)
      .values({ workspaceName: "sakura", userId: victim.id, moduleId: mod.id })
      .onConflictDoNothing();
    await db.insert(memberSnoozes).values({
      workspaceName: "sakura",
      userId: victim.id,
      measure: 5091,
      startsAt: new Date(now),
      until: new Date(now + HOUR_MS),
      reason: "test",
      createdBy: victim.id,
    });
    await db
      .insert(alertStates)
      .values({
        workspaceName: "sakura",
        userId: victim.id,
        measure: 5092,
        inRed: false,
        lastAt: new Date(now),
      })
      .onConflictDoNothing();
    // as staff: the person's name on other people's rows, and reads of others' data in the audit
    await db
      .insert(staffNotificationPrefs)
      .values({ workspaceName: "sakura", userId: victim.id, notificationType: 2, receiveEmail: true })
      .onConflictDoNothing();
    const [anyAlert] = await db.select({ id: notifications.id }).from(notifications).limit(1);
    const [othersAlert] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(ne(notifications.userId, victim.id))
      .orderBy(desc(notifications.id))
      .limit(1);
    const [ownAlert] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, victim.id))
      .limit(1);
    if (!anyAlert || !othersAlert || !ownAlert) throw new Error("no demo alerts");
    await db.insert(notificationSeen).values({ notificationId: anyAlert.id, userId: victim.id });
    await db
      .update(notifications)
      .set({ acknowledgedBy: victim.id, deletedBy: victim.id })
      .where(eq(notifications.id, othersAlert.id));
    // tables without a one-column key: their first row by ctid
    for (const [table, column] of [
      [notificationSettings, notificationSettings.updatedBy],
      [formSends, formSends.sentBy],
    ] as const)
      await db.execute(
        sql`update ${table} set ${bare(column)} = ${v} where ctid = (select min(ctid) from ${table})`,
      );
    const [form] = await db.select({ id: forms.id }).from(forms).orderBy(asc(forms.id)).limit(1);
    if (!form) throw new Error("no demo form");
    await db.update(forms).set({ createdBy: victim.id }).where(eq(forms.id, form.id));
    await db.insert(formSchedules).values({
      formId: form.id,
      kind: "daily",
      localTime: "09:00",
      timeZone: "Asia/Tokyo",
      allMembers: false,
      userIds: [victim.id],
      createdBy: victim.id,
    });
    const [image] = await db
      .select({ id: dataImages.id })
      .from(dataImages)
      .orderBy(asc(dataImages.id))
      .limit(1);
    if (!image) throw new Error("no demo image");
    await db.update(dataImages).set({ addedByUser: victim.id }).where(eq(dataImages.id, image.id));
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "client2@example.com"));
    const [type] = await db.select({ id: dataItemTypes.id }).from(dataItemTypes).limit(1);
    if (!other || !type) throw new Error("no demo client2 or item type");
    await db.insert(dataItems).values({ userId: other.id, typeId: type.id });
    const [othersItem] = await db
      .select({ id: dataItems.id })
      .from(dataItems)
      .where(ne(dataItems.userId, victim.id))
      .limit(1);
    if (!othersItem) throw new Error("no item of another person");
    await db.insert(dataViews).values({
      itemId: othersItem.id,
      staffId: victim.id,
      staffName: victim.name,
      workspaceName: "sakura",
      entityName: "さくら",
      action: "view",
    });
    await db.insert(formRecipientList).values({ formId: form.id, userId: victim.id }).onConflictDoNothing();
    const [mail] = await db
      .insert(mailOutbox)
      .values({
        recipient: victim.email,
        subject: "s",
        textBody: "t",
        htmlBody: "h",
        template: "alert",
        status: "outbox",
      })
      .returning({ id: mailOutbox.id });
    if (!mail) throw new Error("no mail");
    await db
      .insert(notificationMails)
      .values({ notificationId: othersAlert.id, mailId: mail.id, recipientId: victim.id, kind: "alert" });
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        workspaceName: "sakura",
        url: "https://hooks.example.com/x",
        secret: "whsec_x",
        kinds: [2],
        createdBy: victim.id,
      })
      .returning({ id: webhookEndpoints.id });
    if (!endpoint) throw new Error("no endpoint");
    await db.insert(webhookDeliveries).values({
      endpointId: endpoint.id,
      eventId: "msg_1",
      eventType: "alert.created",
      notificationId: ownAlert.id,
      payload: { member: { id: victim.id } },
      status: "queued",
    });
    const audit = { role: "staff", what: "chart" } as const;
    await db.insert(accessAudit).values([
      {
        ...audit,
        actorId: victim.id,
        actorName: victim.name,
        subjectId: randomUUID(),
        requestId: "r1",
        address: "10.0.0.1",
      },
      {
        ...audit,
        actorId: randomUUID(),
        actorName: "Staff",
        subjectId: victim.id,
        requestId: "r2",
        address: "10.0.0.2",
      },
    ]);

    const before = await countsOf(db, victim);
    // the person is in every registered column before: the proof covers every table
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]);
    const others = await db.$count(vitalSamples, ne(vitalSamples.userId, victim.id));
    const auditRows = await db.$count(accessAudit);

    // due a second ago: the database's now() has microseconds, a Date of the same millisecond would be before it
    await db
      .update(users)
      .set({ closedAt: sql`now()`, deletionDueAt: sql`now() - interval '1 second'` })
      .where(eq(users.id, victim.id));
    expect(await deleteDueAccounts(db, new Date())).toBe(1);

    const after = await countsOf(db, victim);
    expect(Object.entries(after).filter(([, n]) => n !== 0)).toEqual([]);
    // others keep their rows; the audit keeps every row, the person replaced by one random id
    expect(await db.$count(vitalSamples)).toBe(others);
    expect(await db.$count(accessAudit)).toBe(auditRows);
    const pseudonyms = await db
      .select({ actor: accessAudit.actorId, name: accessAudit.actorName, address: accessAudit.address })
      .from(accessAudit)
      .where(eq(accessAudit.requestId, "r1"));
    expect(pseudonyms).toEqual([{ actor: pseudonyms[0]?.actor, name: pseudonyms[0]?.actor, address: "" }]);
    const [subject] = await db
      .select({ id: accessAudit.subjectId })
      .from(accessAudit)
      .where(eq(accessAudit.requestId, "r2"));
    expect(subject?.id).toBe(pseudonyms[0]?.actor);
    expect(subject?.id).not.toBe(victim.id);
  });
});
