import {
  ACK_ACTIONS_BY_KIND,
  type AckAction,
  alertKindOf,
  HEART_RATE,
  HEAT_STRESS,
  type Language,
  measureOf,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_TYPE,
  type NotificationType,
  PRIVACY_VERSION,
  SYNC_LENGTH_OPTIONS,
  TERMS_VERSION,
  type ZoneRanges,
} from "@mimamori/shared";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  consents,
  memberships,
  notificationSettings,
  notifications,
  reportTunings,
  users,
  vitalSync,
} from "../../db/schema";
import { DAY, HOUR, MINUTE as MIN } from "../../jobs/clock";
import { hashPassword } from "../../lib/crypto";
import { evaluateBatch, sweepSyncGaps } from "../alerts";
import { type IngestHook, storeBatch } from "../vitals";
import { recordDemoAlertMails } from "./seed-alerts";
import { loadUser, prng, type SimOptions, type Traits } from "./simulator";

export interface DemoPerson {
  email: string;
  name: string;
}

/** Who a demo member is, which shapes their band data. */
type Persona = "resident" | "carer" | "warehouse";

/** What the demo's board shows about a member (docs/decisions.md, "The demo's members"). */
type Story = "red-now" | "yellow-now" | "silent" | "never-synced" | "tuned";

interface DemoMember extends DemoPerson {
  ws: "sakura" | "harbor";
  persona: Persona;
  story?: Story;
}

const sakura = (name: string, email: string, persona: Persona, story?: Story): DemoMember => ({
  ws: "sakura",
  name,
  email: `${email}@example.com`,
  persona,
  story,
});
const harbor = (name: string, email: string, story?: Story): DemoMember => ({
  ws: "harbor",
  name,
  email: `${email}@example.com`,
  persona: "warehouse",
  story,
});

/**
 * The demo entities' other members (besides the demo accounts of seed.ts): residents and care workers of sakura,
 * Harbor's warehouse crew. Their password is the demo password; the README lists them in words, not one by one.
 */
export const DEMO_MEMBERS: readonly DemoMember[] = [
  sakura("山本 和子", "yamamoto.kazuko", "resident", "red-now"),
  sakura("中村 茂", "nakamura.shigeru", "resident", "silent"),
  sakura("小林 美智子", "kobayashi.michiko", "resident", "never-synced"),
  sakura("加藤 正男", "kato.masao", "resident", "tuned"),
  sakura("吉田 幸子", "yoshida.sachiko", "resident"),
  sakura("山田 勝", "yamada.masaru", "resident"),
  sakura("佐々木 節子", "sasaki.setsuko", "resident"),
  sakura("松本 清", "matsumoto.kiyoshi", "resident"),
  sakura("井上 久美子", "inoue.kumiko", "resident"),
  sakura("木村 博", "kimura.hiroshi", "resident"),
  sakura("斎藤 翔太", "saito.shota", "carer", "yellow-now"),
  sakura("林 恵子", "hayashi.keiko", "carer"),
  sakura("清水 愛", "shimizu.ai", "carer"),
  sakura("山口 大輔", "yamaguchi.daisuke", "carer"),
  sakura("森 由美", "mori.yumi", "carer"),
  sakura("池田 健一", "ikeda.kenichi", "carer"),
  harbor("Olivia Bennett", "olivia.bennett", "red-now"),
  harbor("Marcus Reed", "marcus.reed", "silent"),
  harbor("Priya Patel", "priya.patel", "never-synced"),
  harbor("Ethan Brooks", "ethan.brooks", "yellow-now"),
  harbor("Grace Turner", "grace.turner"),
  harbor("Liam O'Connor", "liam.oconnor"),
  harbor("Sophie Clarke", "sophie.clarke"),
  harbor("Daniel Foster", "daniel.foster"),
  harbor("Hannah Wright", "hannah.wright"),
  harbor("Noah Hughes", "noah.hughes"),
];

function storyMember(ws: DemoMember["ws"], story: Story): DemoPerson {
  const m = DEMO_MEMBERS.find((x) => x.ws === ws && x.story === story);
  if (!m) throw new Error(`seed: no ${story} member in ${ws}`);
  return { email: m.email, name: m.name };
}
const boardOf = (ws: DemoMember["ws"]) => ({
  /** The latest value of a measure is red: heart rate at sakura, heat-stress at Harbor. */
  redNow: storyMember(ws, "red-now"),
  /** The band stopped sending yesterday (longer ago than the entity's out-of-sync length). */
  silent: storyMember(ws, "silent"),
  /** An accepted member whose band never synced. */
  neverSynced: storyMember(ws, "never-synced"),
});

/** Per demo entity, the members its watch board is about (the board's journeys and tests read them here). */
export const DEMO_BOARD = { sakura: boardOf("sakura"), harbor: boardOf("harbor") } as const;

/** Days of band data of each demo member with a band, ending at seeding time. */
export const DEMO_WEEK_DAYS = 7;

/**
 * The values that end a member's data at seeding time, oldest first, `every` minutes apart: the red and yellow
 * members of the board (a resident's racing heart, a warehouse worker heating up in the afternoon sun).
 */
const TAILS: Partial<
  Record<`${DemoMember["ws"]}:${Story}`, { measure: number; every: number; values: number[] }>
> = {
  "sakura:red-now": { measure: 5091, every: 5, values: [104, 118, 139, 152, 163, 168, 166, 171] },
  "sakura:yellow-now": { measure: 5091, every: 5, values: [112, 126, 138, 144, 147] },
  "harbor:red-now": { measure: 5098, every: 10, values: [62, 67, 72, 78, 82, 85, 87] },
  "harbor:yellow-now": { measure: 5098, every: 10, values: [61, 66, 70, 73, 74] },
  // the silent bands' last half hour worn: the simulated day may have the band off (shower, charging) when it
  // stopped, which would put its last sync up to 2.5 hours earlier than the story says
  "sakura:silent": { measure: 5091, every: 5, values: [66, 68, 65, 67, 66, 64, 65] },
  "harbor:silent": { measure: 5091, every: 5, values: [72, 74, 71, 73, 70, 72, 71] },
};

/** A member's own heart-rate ranges at sakura: a resident with a known fast heart (atrial fibrillation, treated). */
const TUNED_HEART_RATE: ZoneRanges = {
  maxValue: [0, 150, 170, 200],
  minValue: [0, 110, 150, 200],
  meanValue: [0, 95, 110, 200],
};

/**
 * The band data of a persona (docs/decisions.md, "The demo's members"): coarser than the simulator's defaults for
 * the slow measures (a start must seed in seconds); residents rest more, with a higher resting pulse and less
 * heat; the warehouse crew walks more and heats up in the afternoon.
 */
function simOptions(m: DemoMember, i: number, end: number): SimOptions {
  const r = prng(7919 * (i + 1));
  const persona: Partial<Traits> =
    m.persona === "resident"
      ? {
          restHr: m.story === "tuned" ? 84 : r.between(58, 66),
          activity: r.between(0.25, 0.55),
          sys: r.between(122, 138),
          hrv: r.between(42, 52),
          heat: r.between(0.3, 0.6),
          bedtime: r.between(21, 22.5),
          sleepHours: r.between(7, 8.5),
        }
      : m.persona === "carer"
        ? { activity: r.between(1, 1.5), hrv: r.between(48, 65), heat: r.between(0.5, 0.9) }
        : { activity: r.between(1.3, 1.9), hrv: r.between(50, 68), heat: r.between(0.75, 1.05) };
  return {
    days: DEMO_WEEK_DAYS,
    end,
    seed: 31_000 + i,
    hrStep: 5,
    levelStep: 15,
    traits: persona,
    heat: m.persona === "warehouse" ? { base: 22, peakHour: 14.5 } : undefined,
    excursionChance: 0.05,
    // the week's random excursions stay in the past: who is red now is the board's story, not chance
    calmFrom: end - DAY,
  };
}

/**
 * The accounts (with the demo password) and accepted memberships of the demo members, and the tuned ranges of one
 * of them; re-running replaces them (their alerts, answers and items go with the accounts).
 */
export async function seedDemoMembers(db: Db, now: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.delete(users).where(
      inArray(
        users.email,
        DEMO_MEMBERS.map((m) => m.email),
      ),
    );
    const created = await tx
      .insert(users)
      .values(
        DEMO_MEMBERS.map((m) => ({
          email: m.email,
          name: m.name,
          displayName: m.name,
          passwordHash,
          language: (m.ws === "sakura" ? "jp" : "en") as Language,
          emailVerifiedAt: new Date(now),
        })),
      )
      .returning({ id: users.id, email: users.email });
    const idOf = new Map(created.map((u) => [u.email, u.id]));
    await tx
      .insert(consents)
      .values(
        created.map((u) => ({ userId: u.id, termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION })),
      );
    await tx.insert(memberships).values(
      DEMO_MEMBERS.map((m, i) => {
        // joined between 2 and 8 months ago: consent well before the week of data
        const joined = new Date(now - (60 + ((i * 37) % 180)) * DAY);
        return {
          workspaceName: m.ws,
          userId: idOf.get(m.email) as string,
          role: "client" as const,
          status: "accepted" as const,
          acceptedAt: joined,
          createdAt: joined,
        };
      }),
    );
    const tuned = DEMO_MEMBERS.find((m) => m.story === "tuned");
    if (tuned)
      await tx.insert(reportTunings).values({
        workspaceName: tuned.ws,
        measure: measureOf(HEART_RATE).measure,
        userId: idOf.get(tuned.email) as string,
        isTuned: true,
        ...TUNED_HEART_RATE,
      });
  });
}

/** The ids of the demo members (those that exist), by e-mail. */
export async function demoMemberIds(db: Db): Promise<Map<string, string>> {
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_MEMBERS.map((m) => m.email),
      ),
    );
  return new Map(found.map((u) => [u.email, u.id]));
}

/**
 * A week of band data for every demo member with a band, ending at `now` (the silent ones: more than the
 * out-of-sync length ago), stored through ingestion (`storeBatch`, the buckets) and judged for alerts in each
 * batch's transaction as uploads are (`evaluateBatch`: the alerts and the states the board reads); then the
 * alerts are made history (settleAlerts) and the silent members' out-of-sync alerts raised by the sweep.
 */
export async function seedDemoWeek(db: Db, now: number): Promise<void> {
  const ids = await demoMemberIds(db);
  const end = Math.floor(now / MIN) * MIN;
  const syncHours =
    SYNC_LENGTH_OPTIONS.find((o) => o.id === NOTIFICATION_DEFAULTS.syncLengthOptionId)?.duration_by_hour ??
    24;
  // the band stopped yesterday: its last values a few hours beyond the out-of-sync length
  const silentEnd = Math.floor((end - (syncHours + 4) * HOUR) / (5 * MIN)) * 5 * MIN;
  const judge: IngestHook = async (tx, batch) => {
    await evaluateBatch(tx, batch.userId, batch.samples, new Date(now));
    return undefined;
  };
  for (const [i, m] of DEMO_MEMBERS.entries()) {
    const userId = ids.get(m.email);
    if (!userId || m.story === "never-synced") continue;
    const tail = m.story ? TAILS[`${m.ws}:${m.story}`] : undefined;
    const last = m.story === "silent" ? silentEnd : end;
    // the simulated days end where the member's closing values begin
    const tailStart = tail ? last - (tail.values.length - 1) * tail.every * MIN : last;
    await loadUser(db, userId, simOptions(m, i, tailStart), 10_000, judge);
    if (tail)
      await storeBatch(
        db,
        userId,
        tail.values.map((value, k) => ({
          measure: tail.measure,
          at: tailStart + k * tail.every * MIN,
          value,
        })),
        [],
        judge,
      );
  }
  const memberIds = [...ids.values()];
  // a band syncs as it measures: the last sync is the last sample (ingestion stamped the seeding time)
  await db
    .update(vitalSync)
    .set({ lastSyncAt: sql`${vitalSync.lastSampleAt}` })
    .where(inArray(vitalSync.userId, memberIds));
  // the sweep saw the silent bands a few minutes after they passed the out-of-sync length
  await sweepSyncGaps(db, new Date(silentEnd + syncHours * HOUR + 5 * MIN));
  await settleAlerts(db, memberIds, now);
}

/** What staff wrote when they acknowledged a demo alert, per entity language and alert kind. */
const ACK_NOTES: Record<"jp" | "en", Record<"heat" | "vital" | "sync", string>> = {
  jp: {
    heat: "涼しい部屋で休んでもらい、水分と塩分を補給した。",
    vital: "居室を訪問して様子を確認。安静後に値が戻った。",
    sync: "バンドを確認した。",
  },
  en: {
    heat: "Moved to the shaded dock with water and electrolytes; back at work after 20 minutes.",
    vital: "Checked on them after a heavy lift; back to normal after a break.",
    sync: "Band checked.",
  },
};

/**
 * The demo members' alerts as a running product would hold them: each was mailed to the entity's staff a minute
 * after its sample (the judging ran at seeding time); those older than 36 hours were acknowledged by the staff
 * member with an action that fits them; Harbor's heat-stress alerts left open longer than its escalation time
 * were escalated. The newer ones, the red-now members' and the silent members' stay open for the board.
 */
async function settleAlerts(db: Db, memberIds: string[], now: number): Promise<void> {
  if (!memberIds.length) return;
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, "staff@example.com"));
  const escalation = await db
    .select({ ws: notificationSettings.workspaceName, minutes: notificationSettings.escalationMinutes })
    .from(notificationSettings)
    .where(eq(notificationSettings.notificationType, NOTIFICATION_TYPE.measurement));
  const escalationOf = new Map(escalation.map((e) => [e.ws, e.minutes]));
  const alerts = await db
    .select({ alert: notifications, name: users.name })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(inArray(notifications.userId, memberIds));
  const heat = measureOf(HEAT_STRESS).measure;
  for (const { alert: a, name } of alerts) {
    const at = a.at.getTime();
    const createdAt = a.notificationType === NOTIFICATION_TYPE.sync ? a.createdAt.getTime() : at + MIN;
    const kind = alertKindOf(a.notificationType, a.measure);
    const note = kind === "wellbeing" ? "vital" : kind;
    const lang = a.workspaceName === "sakura" ? "jp" : "en";
    const acked = a.clearedAt !== null && at < now - 36 * HOUR;
    const ackAt = createdAt + (8 + (a.id % 15)) * MIN;
    const minutes = escalationOf.get(a.workspaceName);
    const escalatedAt =
      a.measure === heat && minutes && createdAt + minutes * MIN < Math.min(now, acked ? ackAt : now)
        ? createdAt + minutes * MIN
        : null;
    const action: AckAction =
      kind === "heat" ? (a.id % 2 ? "rested" : "hydrated") : (ACK_ACTIONS_BY_KIND[kind][0] as AckAction);
    await db
      .update(notifications)
      .set({
        createdAt: new Date(createdAt),
        mailedAt: new Date(createdAt),
        escalatedAt: escalatedAt === null ? null : new Date(escalatedAt),
        ...(acked && staff
          ? {
              acknowledgedAt: new Date(ackAt),
              acknowledgedBy: staff.id,
              ackAction: action,
              ackNote: ACK_NOTES[lang][note],
            }
          : {}),
      })
      .where(eq(notifications.id, a.id));
    await recordDemoAlertMails(
      db,
      {
        id: a.id,
        ws: a.workspaceName,
        type: a.notificationType as NotificationType,
        measure: a.measure,
        value: a.value,
        at,
        cleared: a.clearedAt !== null,
        mailedAt: createdAt,
        escalatedAt,
      },
      { id: a.userId, name },
    );
  }
}
