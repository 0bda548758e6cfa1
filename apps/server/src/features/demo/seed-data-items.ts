import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  dataAnswers,
  dataImages,
  dataItems,
  dataItemTypes,
  dataQuestions,
  dataShares,
  users,
} from "../../db/schema";
import { ensureItems, processUpload } from "../data-items";
import { DEMO_MEMBERS, demoMemberIds } from "./seed-watch";

/** A vaccination record card, drawn rather than shipped (no photo of a real document in the repository). */
const CARD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
  <rect width="900" height="600" fill="#f7f4ea"/>
  <rect x="30" y="30" width="840" height="540" fill="none" stroke="#2e5d8a" stroke-width="6"/>
  <text x="450" y="120" font-family="sans-serif" font-size="44" text-anchor="middle" fill="#2e5d8a">Vaccination Record</text>
  <text x="90" y="230" font-family="sans-serif" font-size="30" fill="#333">Name: Tanaka Hanako (demo)</text>
  <text x="90" y="300" font-family="sans-serif" font-size="30" fill="#333">Dose 1: 2021-06-14  Lot AB1234</text>
  <text x="90" y="370" font-family="sans-serif" font-size="30" fill="#333">Dose 2: 2021-07-05  Lot AB5678</text>
  <text x="90" y="440" font-family="sans-serif" font-size="30" fill="#333">Dose 3: 2022-01-20  Lot CD9012</text>
  <text x="450" y="530" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#777">Sample for the Mimamori demo</text>
</svg>`;

/**
 * The demo client's personal data (issue 12), so that the staff member page of sakura is not empty: a vaccination
 * record image and a mobile phone number answer, both shared with sakura; with the demo members
 * (features/demo/seed-watch.ts), what some of them shared with their entity. The demo accounts are written anew by each
 * seed, and their items with them.
 */
export async function seedDemoDataItems(db: Db): Promise<void> {
  await seedMemberItems(db);
  const [client] = await db.select({ id: users.id }).from(users).where(eq(users.email, "client@example.com"));
  if (!client) return;
  await ensureItems(db, client.id);
  const items = await db
    .select({ id: dataItems.id, key: dataItemTypes.key, questionId: dataQuestions.id })
    .from(dataItems)
    .innerJoin(dataItemTypes, eq(dataItemTypes.id, dataItems.typeId))
    .leftJoin(dataQuestions, eq(dataQuestions.typeId, dataItemTypes.id))
    .where(
      and(eq(dataItems.userId, client.id), inArray(dataItemTypes.key, ["covid19_vaccine", "mobile_0509"])),
    );
  const vaccine = items.find((i) => i.key === "covid19_vaccine");
  const mobile = items.find((i) => i.key === "mobile_0509");
  if (!vaccine || !mobile) return; // an admin removed the seeded types
  // loaded here only: a server that starts on a seeded database never needs libvips (image-processing.ts)
  const { default: sharp } = await import("sharp");
  const image = await processUpload(await sharp(Buffer.from(CARD_SVG)).jpeg().toBuffer());
  await db.transaction(async (tx) => {
    await tx.insert(dataImages).values({
      itemId: vaccine.id,
      contentType: image.contentType,
      fileName: "vaccination-record.jpg",
      size: image.bytes.length,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      thumbnail: image.thumbnail,
      addedBy: "member",
      addedByUser: client.id,
    });
    await tx.insert(dataAnswers).values({ itemId: mobile.id, value: "090-1234-5678" });
    await tx.insert(dataShares).values([
      { itemId: vaccine.id, workspaceName: "sakura" },
      { itemId: mobile.id, workspaceName: "sakura" },
    ]);
    await tx
      .update(dataItems)
      .set({ updatedAt: new Date() })
      .where(inArray(dataItems.id, [vaccine.id, mobile.id]));
  });
}

/** What some demo members (features/demo/seed-watch.ts) wrote in their form items and shared with their entity. */
const MEMBER_ITEMS: { email: string; key: string; value: string }[] = [
  { email: "yamamoto.kazuko@example.com", key: "form_data_10", value: "高血圧（降圧薬を服用中）。" },
  { email: "yamamoto.kazuko@example.com", key: "user_info", value: "山本 進（長男） 090-2345-6789" },
  {
    email: "kato.masao@example.com",
    key: "form_data_10",
    value: "心房細動（服薬中）。ペニシリンにアレルギーあり。",
  },
  { email: "yoshida.sachiko@example.com", key: "user_info", value: "吉田 恵美（長女） 080-3456-7890" },
  { email: "olivia.bennett@example.com", key: "mobile_0509", value: "+1 555 0142" },
  { email: "grace.turner@example.com", key: "user_info", value: "Tom Turner (husband) +1 555 0187" },
  { email: "daniel.foster@example.com", key: "form_data_10", value: "Asthma; carries an inhaler." },
];

/** The demo members' shared items, when the members were seeded. */
async function seedMemberItems(db: Db): Promise<void> {
  const ids = await demoMemberIds(db);
  const wanted = MEMBER_ITEMS.filter((x) => ids.has(x.email));
  if (!wanted.length) return;
  for (const userId of new Set(wanted.map((x) => ids.get(x.email) as string))) await ensureItems(db, userId);
  const items = await db
    .select({ id: dataItems.id, userId: dataItems.userId, key: dataItemTypes.key })
    .from(dataItems)
    .innerJoin(dataItemTypes, eq(dataItemTypes.id, dataItems.typeId))
    .where(inArray(dataItems.userId, [...ids.values()]));
  const found = wanted.flatMap((x) => {
    const member = DEMO_MEMBERS.find((m) => m.email === x.email);
    const item = items.find((i) => i.userId === ids.get(x.email) && i.key === x.key);
    return member && item ? [{ itemId: item.id, ws: member.ws, value: x.value }] : [];
  });
  if (!found.length) return; // an admin removed the seeded types
  await db.transaction(async (tx) => {
    await tx.insert(dataAnswers).values(found.map((f) => ({ itemId: f.itemId, value: f.value })));
    await tx.insert(dataShares).values(found.map((f) => ({ itemId: f.itemId, workspaceName: f.ws })));
    await tx
      .update(dataItems)
      .set({ updatedAt: new Date() })
      .where(
        inArray(
          dataItems.id,
          found.map((f) => f.itemId),
        ),
      );
  });
}
