import { DATA_LIMITS, type DataImage } from "@mimamori/shared";
import { count, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { dataImages, dataItems } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { processUpload, storedFileName } from "./image-processing";
import { type ItemRow, imagesOf, touchItem } from "./items";

/**
 * The multipart limits of the upload routes: one file, cut off (not buffered) past the size limit. The stream is
 * cut one byte past the limit, so a cut file is known by its length: busboy's own "truncated" flag was sometimes
 * not yet set when the last chunk arrived (a file over the limit then reached the decoder, cut, as unreadable).
 */
export const UPLOAD_LIMITS = {
  fileSize: DATA_LIMITS.imageBytesMax + 1,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: 1024,
};

/** Who adds an image: the member, or a staff member for an entity the item is shared with. */
export type AddedBy = { by: "member"; userId: string } | { by: "staff"; userId: string; workspace: string };

const isTooLarge = (err: unknown) =>
  (err as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE" ||
  (err as { statusCode?: unknown }).statusCode === 413;

/** The uploaded file (multipart field `image`): 400 image-required without one, 413 image-too-large past the limit. */
async function readFile(req: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!req.isMultipart()) throw new AppError("image-required");
  try {
    const file = await req.file();
    if (file?.fieldname !== "image") throw new AppError("image-required");
    const bytes = await file.toBuffer();
    if (file.file.truncated || bytes.length > DATA_LIMITS.imageBytesMax)
      throw new AppError("image-too-large");
    if (!bytes.length) throw new AppError("image-required");
    return { bytes, name: file.filename };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isTooLarge(err)) throw new AppError("image-too-large");
    throw new AppError("image-required");
  }
}

const countImages = async (db: Db, itemId: number) =>
  (await db.select({ n: count() }).from(dataImages).where(eq(dataImages.itemId, itemId)))[0]?.n ?? 0;

/**
 * Adds an uploaded image or PDF to an `image` item (else 400 data-not-image): read, checked and re-encoded
 * (image-processing.ts), then stored with the item row locked so that DATA_LIMITS.imagesPerItemMax holds
 * (409 too-many-images). Nothing is stored on any refusal.
 */
export async function addImage(
  db: Db,
  req: FastifyRequest,
  item: ItemRow,
  added: AddedBy,
): Promise<DataImage> {
  if (item.type.dataType !== "image") throw new AppError("data-not-image");
  const itemId = item.item.id;
  // a full item is refused before the upload is read and decoded
  if ((await countImages(db, itemId)) >= DATA_LIMITS.imagesPerItemMax) throw new AppError("too-many-images");
  const file = await readFile(req);
  const image = await processUpload(file.bytes);
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: dataItems.id }).from(dataItems).where(eq(dataItems.id, itemId)).for("update");
    if ((await countImages(tx, itemId)) >= DATA_LIMITS.imagesPerItemMax)
      throw new AppError("too-many-images");
    const [created] = await tx
      .insert(dataImages)
      .values({
        itemId,
        contentType: image.contentType,
        fileName: storedFileName(file.name, image.ext),
        size: image.bytes.length,
        width: image.width,
        height: image.height,
        bytes: image.bytes,
        thumbnail: image.thumbnail,
        addedBy: added.by,
        addedByUser: added.userId,
        addedByWorkspace: added.by === "staff" ? added.workspace : null,
      })
      .returning({ id: dataImages.id });
    await touchItem(tx, itemId);
    return created?.id;
  });
  const stored = (await imagesOf(db, itemId)).find((i) => i.id === id);
  if (!stored) throw new AppError("image-not-found");
  return stored;
}
