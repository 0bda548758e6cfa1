import {
  DATA_LIMITS,
  type DataAnswer,
  type DataImage,
  type DataItemDetail,
  type DataItemSummary,
  type ImageDownload,
  isChoiceType,
  type Language,
  type SharedEntity,
  type DataView as StaffAccess,
} from "@mimamori/shared";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { acceptedClient } from "../../db/membership-rules";
import {
  dataAnswers,
  dataImages,
  dataItems,
  dataItemTypes,
  dataQuestions,
  dataShares,
  dataViews,
  entities,
  memberships,
} from "../../db/schema";
import { bareList } from "../../db/sql-names";
import { AppError } from "../../lib/errors";
import { recordShareEvent } from "../consents";
import { questionIn } from "./catalogue";
import { shownFileName } from "./image-processing";

/*
 * A member's own items (/user/data…) and what both the member and staff read of one item. Ownership is part of
 * every query: another member's item is 404 data-not-found, like an item that does not exist.
 */

/**
 * The share (`data_shares` row of the outer query) is in force: its member is an accepted client member of the
 * entity whose consent is not newer than the share. Leaving the entity ends the share; joining again does not
 * bring it back (the member shares again).
 */
export const shareInForce: SQL = sql`exists (select 1 from ${memberships}
  where ${memberships.userId} = ${dataItems.userId} and ${memberships.workspaceName} = ${dataShares.workspaceName}
    and ${acceptedClient} and ${memberships.acceptedAt} is not null and ${memberships.acceptedAt} <= ${dataShares.sharedAt})`;

export function itemQuery(db: Db) {
  return db
    .select({ item: dataItems, type: dataItemTypes, question: dataQuestions })
    .from(dataItems)
    .innerJoin(dataItemTypes, eq(dataItemTypes.id, dataItems.typeId))
    .leftJoin(dataQuestions, eq(dataQuestions.typeId, dataItems.typeId));
}
export type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>["execute"]>>[number];

export function summaryOf(r: ItemRow, lang: Language): DataItemSummary {
  const en = lang === "en";
  return {
    id: r.item.id,
    key: r.type.key,
    name: en ? r.type.nameEn : r.type.nameJp,
    description: en ? r.type.descriptionEn : r.type.descriptionJp,
    data_type: r.type.dataType,
    last_updated: r.item.updatedAt?.toISOString() ?? null,
  };
}

/** Creates the member's missing items, one per catalogue type, in one statement. */
export async function ensureItems(db: Db, userId: string): Promise<void> {
  await db.execute(sql`insert into ${dataItems} (${bareList(dataItems.userId, dataItems.typeId)})
    select ${userId}::uuid, ${dataItemTypes.id} from ${dataItemTypes}
    on conflict (${bareList(dataItems.userId, dataItems.typeId)}) do nothing`);
}

export async function listOwnItems(db: Db, userId: string, lang: Language): Promise<DataItemSummary[]> {
  await ensureItems(db, userId);
  const found = await itemQuery(db).where(eq(dataItems.userId, userId)).orderBy(asc(dataItemTypes.id));
  return found.map((r) => summaryOf(r, lang));
}

/** The caller's item `id`, or 404 data-not-found (also for another member's item: ids do not leak). */
export async function requireOwnItem(db: Db, userId: string, id: number): Promise<ItemRow> {
  const [row] = await itemQuery(db).where(and(eq(dataItems.id, id), eq(dataItems.userId, userId)));
  if (!row) throw new AppError("data-not-found");
  return row;
}

/** Marks the item changed (`last_updated`). */
export const touchItem = (db: Db, itemId: number) =>
  db.update(dataItems).set({ updatedAt: sql`now()` }).where(eq(dataItems.id, itemId));

// ---------- what an item holds ----------

type AnswerRow = typeof dataAnswers.$inferSelect;
type QuestionRow = typeof dataQuestions.$inferSelect;

/** An answer as the API shows it: choice answers as their options' texts in the caller's language. */
export function answerOut(a: AnswerRow, q: QuestionRow | null, lang: Language): DataAnswer {
  const choice = q ? isChoiceType(q.questionType) : false;
  const text = (order: number) => {
    const o = q?.options.find((x) => x.order === order);
    return o ? (lang === "en" ? o.text_en : o.text_jp) : String(order);
  };
  return {
    id: a.id,
    value: choice ? a.answerOptions.map(text).join(", ") : (a.value ?? ""),
    answer_options: a.answerOptions,
    created_at: a.createdAt.toISOString(),
  };
}

/** The item's answers, newest first. */
export async function answersOf(db: Db, r: ItemRow, lang: Language): Promise<DataAnswer[]> {
  const found = await db
    .select()
    .from(dataAnswers)
    .where(eq(dataAnswers.itemId, r.item.id))
    .orderBy(desc(dataAnswers.createdAt), desc(dataAnswers.id));
  return found.map((a) => answerOut(a, r.question, lang));
}

const imageColumns = {
  id: dataImages.id,
  contentType: dataImages.contentType,
  fileName: dataImages.fileName,
  size: dataImages.size,
  width: dataImages.width,
  height: dataImages.height,
  thumbnail: dataImages.thumbnail,
  addedBy: dataImages.addedBy,
  createdAt: dataImages.createdAt,
};

export async function imagesOf(db: Db, itemId: number): Promise<DataImage[]> {
  const found = await db
    .select(imageColumns)
    .from(dataImages)
    .where(eq(dataImages.itemId, itemId))
    .orderBy(asc(dataImages.createdAt), asc(dataImages.id));
  return found.map((i) => ({
    id: i.id,
    content_type: i.contentType,
    file_name: shownFileName(i.fileName),
    size: i.size,
    width: i.width,
    height: i.height,
    thumbnail: i.thumbnail ? i.thumbnail.toString("base64") : null,
    added_by: i.addedBy,
    created_at: i.createdAt.toISOString(),
  }));
}

/** One stored file of the item, as base64; 404 image-not-found. */
export async function imageOf(db: Db, itemId: number, imageId: number): Promise<ImageDownload> {
  const [i] = await db
    .select({
      id: dataImages.id,
      contentType: dataImages.contentType,
      fileName: dataImages.fileName,
      bytes: dataImages.bytes,
    })
    .from(dataImages)
    .where(and(eq(dataImages.id, imageId), eq(dataImages.itemId, itemId)));
  if (!i) throw new AppError("image-not-found");
  return {
    id: i.id,
    content_type: i.contentType,
    file_name: shownFileName(i.fileName),
    base64_image: i.bytes.toString("base64"),
  };
}

/** The entities the item is shared with (shares in force), first shared first. */
export async function sharedEntities(db: Db, itemId: number): Promise<SharedEntity[]> {
  const found = await db
    .select({
      name: entities.name,
      description: entities.description,
      workspace_name: entities.workspaceName,
      sharedAt: dataShares.sharedAt,
    })
    .from(dataShares)
    .innerJoin(dataItems, eq(dataItems.id, dataShares.itemId))
    .innerJoin(entities, eq(entities.workspaceName, dataShares.workspaceName))
    .where(and(eq(dataShares.itemId, itemId), shareInForce))
    .orderBy(asc(dataShares.sharedAt), asc(dataShares.workspaceName));
  return found.map(({ sharedAt, ...e }) => ({ ...e, shared_at: sharedAt.toISOString() }));
}

export async function ownItemDetail(db: Db, r: ItemRow, lang: Language): Promise<DataItemDetail> {
  const [answers, images, shared] = await Promise.all([
    answersOf(db, r, lang),
    imagesOf(db, r.item.id),
    sharedEntities(db, r.item.id),
  ]);
  return {
    ...summaryOf(r, lang),
    question: r.question ? questionIn(r.question, lang) : null,
    answers,
    images,
    shared_entities: shared,
  };
}

// ---------- sharing (consent) ----------

/**
 * Shares the item with an entity the member is an accepted client member of (else 403 not-member, whether or not
 * the entity exists). Sharing again keeps the first `shared_at`; a share that lapsed when the member left the
 * entity starts again now. Answers the share and whether it is new.
 */
export async function shareItem(
  db: Db,
  userId: string,
  itemId: number,
  ws: string,
): Promise<{ entity: SharedEntity; created: boolean }> {
  const created = await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ acceptedAt: memberships.acceptedAt })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, userId),
          eq(memberships.workspaceName, ws),
          acceptedClient,
          sql`${memberships.acceptedAt} is not null`,
        ),
      )
      .for("key share");
    if (!member?.acceptedAt) throw new AppError("not-member");
    const [share] = await tx
      .insert(dataShares)
      .values({ itemId, workspaceName: ws })
      .onConflictDoUpdate({
        target: [dataShares.itemId, dataShares.workspaceName],
        set: { sharedAt: sql`now()` },
        setWhere: sql`${dataShares.sharedAt} < ${member.acceptedAt.toISOString()}::timestamptz`,
      })
      .returning({ sharedAt: dataShares.sharedAt });
    if (share) {
      await touchItem(tx, itemId);
      await recordShareEvent(tx, "share-granted", itemId, ws);
    }
    return Boolean(share);
  });
  const entity = (await sharedEntities(db, itemId)).find((e) => e.workspace_name === ws);
  if (!entity) throw new AppError("share-not-found");
  return { entity, created };
}

/** Ends the share at once: staff of the entity read nothing of the item from now on. 404 share-not-found. */
export async function unshareItem(db: Db, itemId: number, ws: string): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(dataShares)
      .where(and(eq(dataShares.itemId, itemId), eq(dataShares.workspaceName, ws)))
      .returning({ ws: dataShares.workspaceName });
    if (!gone.length) throw new AppError("share-not-found");
    await touchItem(tx, itemId);
    await recordShareEvent(tx, "share-revoked", itemId, ws);
  });
}

// ---------- removing what the member added ----------

export async function deleteAnswer(db: Db, itemId: number, answerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(dataAnswers)
      .where(and(eq(dataAnswers.id, answerId), eq(dataAnswers.itemId, itemId)))
      .returning({ id: dataAnswers.id });
    if (!gone.length) throw new AppError("answer-not-found");
    await touchItem(tx, itemId);
  });
}

export async function deleteImage(db: Db, itemId: number, imageId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(dataImages)
      .where(and(eq(dataImages.id, imageId), eq(dataImages.itemId, itemId)))
      .returning({ id: dataImages.id });
    if (!gone.length) throw new AppError("image-not-found");
    await touchItem(tx, itemId);
  });
}

// ---------- staff access history ----------

/** Which entity's staff viewed, downloaded or added to the item, and when: newest first. */
export async function viewsOf(db: Db, itemId: number): Promise<StaffAccess[]> {
  const found = await db
    .select()
    .from(dataViews)
    .where(eq(dataViews.itemId, itemId))
    .orderBy(desc(dataViews.at), desc(dataViews.id))
    .limit(DATA_LIMITS.viewsMax);
  return found.map((v) => ({
    workspace_name: v.workspaceName,
    entity_name: v.entityName,
    staff_name: v.staffName,
    action: v.action,
    at: v.at.toISOString(),
  }));
}
