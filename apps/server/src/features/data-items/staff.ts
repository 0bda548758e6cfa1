import type { DataImage, DataItemSummary, ImageDownload, Language, StaffDataDetail } from "@mimamori/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { acceptedClientOf } from "../../db/membership-rules";
import { dataItems, dataItemTypes, dataShares, dataViews, entities, memberships } from "../../db/schema";
import { bareList } from "../../db/sql-names";
import { AppError } from "../../lib/errors";
import { questionIn } from "./catalogue";
import { answersOf, type ItemRow, imageOf, imagesOf, itemQuery, shareInForce, summaryOf } from "./items";
import { addImage } from "./uploads";

/*
 * What an entity's staff read of a member's items: only the member's items shared with this entity while the
 * share is in force (items.ts `shareInForce`), only for the entity's accepted members. Anything else is 404, the
 * same as an item that does not exist. Every read is recorded for the member (`data_views`).
 */

export interface StaffCaller {
  id: string;
  name: string;
}

type Action = "view" | "download" | "upload";

/** Repeated views by one staff member within this many seconds (one page reads an item more than once) are one. */
const VIEW_REPEAT_SECONDS = 60;

/** Records that the staff member `action`ed the items for the entity (the member's history). */
async function recordAccess(db: Db, ws: string, staff: StaffCaller, itemIds: number[], action: Action) {
  if (!itemIds.length) return;
  const repeat =
    action === "view"
      ? sql`and not exists (select 1 from ${dataViews} where ${dataViews.itemId} = ${dataItems.id}
          and ${dataViews.workspaceName} = ${ws} and ${dataViews.staffId} = ${staff.id}::uuid
          and ${dataViews.action} = ${action}
          and ${dataViews.at} > now() - make_interval(secs => ${VIEW_REPEAT_SECONDS}))`
      : sql``;
  await db.execute(sql`insert into ${dataViews} (${bareList(
    dataViews.itemId,
    dataViews.workspaceName,
    dataViews.entityName,
    dataViews.staffId,
    dataViews.staffName,
    dataViews.action,
  )})
    select ${dataItems.id}, ${entities.workspaceName}, ${entities.name}, ${staff.id}::uuid, ${staff.name}, ${action}
    from ${dataItems} join ${entities} on ${entities.workspaceName} = ${ws}
    where ${dataItems.id} in ${itemIds} ${repeat}`);
}

/** 404 member-not-found unless the person is an accepted client member of the entity. */
async function requireMember(db: Db, ws: string, userId: string) {
  const [m] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(acceptedClientOf(ws), eq(memberships.userId, userId)));
  if (!m) throw new AppError("member-not-found");
}

const sharedWith = (ws: string) => and(eq(dataShares.itemId, dataItems.id), eq(dataShares.workspaceName, ws));

/** The items the member shares with the entity (none: an empty list, "No data"). */
export async function staffItems(
  db: Db,
  ws: string,
  userId: string,
  staff: StaffCaller,
  lang: Language,
): Promise<DataItemSummary[]> {
  await requireMember(db, ws, userId);
  const found = await itemQuery(db)
    .innerJoin(dataShares, sharedWith(ws))
    .where(and(eq(dataItems.userId, userId), shareInForce))
    .orderBy(asc(dataItemTypes.id));
  await recordAccess(
    db,
    ws,
    staff,
    found.map((r) => r.item.id),
    "view",
  );
  return found.map((r) => summaryOf(r, lang));
}

/** A member's item as staff of an entity name it: the path's workspace, member and item. */
interface SharedItemRef {
  workspace: string;
  userId: string;
  dataId: number;
}

/** The member's item shared with the entity, or 404 data-not-found. */
async function requireSharedItem(db: Db, { workspace, userId, dataId }: SharedItemRef): Promise<ItemRow> {
  const [row] = await itemQuery(db)
    .innerJoin(dataShares, sharedWith(workspace))
    .where(and(eq(dataItems.id, dataId), eq(dataItems.userId, userId), shareInForce));
  if (!row) throw new AppError("data-not-found");
  return row;
}

/** Does `act` on the member's item shared with the entity; records it as the staff member's `action` on it. */
async function onSharedItem<T>(
  db: Db,
  ref: SharedItemRef,
  staff: StaffCaller,
  action: Action,
  act: (row: ItemRow) => Promise<T>,
): Promise<T> {
  const row = await requireSharedItem(db, ref);
  const done = await act(row);
  await recordAccess(db, ref.workspace, staff, [row.item.id], action);
  return done;
}

export async function staffItemDetail(
  db: Db,
  ref: SharedItemRef,
  staff: StaffCaller,
  lang: Language,
): Promise<StaffDataDetail> {
  return onSharedItem(db, ref, staff, "view", async (row) => ({
    ...summaryOf(row, lang),
    question: row.question ? questionIn(row.question, lang) : null,
    answers: await answersOf(db, row, lang),
  }));
}

export async function staffImages(db: Db, ref: SharedItemRef, staff: StaffCaller): Promise<DataImage[]> {
  return onSharedItem(db, ref, staff, "view", (row) => imagesOf(db, row.item.id));
}

export async function staffImage(
  db: Db,
  ref: SharedItemRef,
  imageId: number,
  staff: StaffCaller,
): Promise<ImageDownload> {
  return onSharedItem(db, ref, staff, "download", (row) => imageOf(db, row.item.id, imageId));
}

/** A staff member adds an image to a member's shared `image` item (DATA-13); recorded as an upload. */
export async function staffAddImage(
  db: Db,
  req: FastifyRequest,
  ref: SharedItemRef,
  staff: StaffCaller,
): Promise<DataImage> {
  return onSharedItem(db, ref, staff, "upload", (row) =>
    addImage(db, req, row, { by: "staff", userId: staff.id, workspace: ref.workspace }),
  );
}
