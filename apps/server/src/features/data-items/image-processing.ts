import { DATA_LIMITS, type ImageMimeType } from "@mimamori/shared";
import { fileTypeFromBuffer } from "file-type";
import type { Metadata, default as Sharp } from "sharp";
import { AppError } from "../../lib/errors";
import { checkPdf } from "./pdf-check";

/*
 * What an upload becomes before it is stored (issue 12 §4). The type is read from the bytes (never the name or
 * the declared type); photos are decoded and encoded again, which leaves EXIF (GPS position, device), XMP and
 * ICC data behind (sharp keeps metadata only when asked to), turned upright first, at most
 * DATA_LIMITS.imageSideMax px on their longest side, with a JPEG thumbnail; PDFs are kept as uploaded once
 * pdf-check.ts found no active content in them (issue 29 §5).
 */

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with the first image: libvips adds about 10 MB to a server that may never see one
 * (docs/decisions.md, "Speed", memory).
 */
function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // sharp decodes in libuv's thread pool, which also hashes passwords and reads files: one libvips thread per
    // image and at most two images at a time leave the pool (four threads) and the two cores room for the rest
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
const MAX_AT_ONCE = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export interface ProcessedImage {
  contentType: ImageMimeType;
  /** The extension matching the content (the file name is corrected to it). */
  ext: string;
  bytes: Buffer;
  thumbnail: Buffer | null;
  width: number | null;
  height: number | null;
}

const PHOTO_FORMATS = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" } as const;
type PhotoType = keyof typeof PHOTO_FORMATS;

/** Decoding options: images over the pixel limit are refused before decoding; damaged data is an error. */
const INPUT = { limitInputPixels: DATA_LIMITS.imagePixelsMax, failOn: "error" } as const;

const tooManyPixels = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

async function reencode(input: Buffer, type: PhotoType): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, INPUT).metadata();
  } catch (err) {
    throw new AppError(tooManyPixels(err) ? "image-too-many-pixels" : "image-unreadable");
  }
  // the header alone tells the size: a decompression bomb is refused before a pixel is decoded
  if (!meta.width || !meta.height) throw new AppError("image-unreadable");
  if (meta.width * meta.height > DATA_LIMITS.imagePixelsMax) throw new AppError("image-too-many-pixels");
  if (meta.format !== PHOTO_FORMATS[type]) throw new AppError("image-unreadable");
  const side = DATA_LIMITS.imageSideMax;
  const pipeline = sharp(input, INPUT)
    .autoOrient()
    .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true });
  if (type === "image/jpeg") pipeline.jpeg({ quality: 85 });
  else if (type === "image/png") pipeline.png();
  else pipeline.webp({ quality: 85 });
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const thumb = DATA_LIMITS.thumbnailSide;
    const thumbnail = await sharp(data)
      .resize({ width: thumb, height: thumb, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 75 })
      .toBuffer();
    return {
      contentType: type,
      ext: type === "image/jpeg" ? "jpg" : PHOTO_FORMATS[type],
      bytes: data,
      thumbnail,
      width: info.width,
      height: info.height,
    };
  } catch (err) {
    throw new AppError(tooManyPixels(err) ? "image-too-many-pixels" : "image-unreadable");
  }
}

/**
 * The stored form of an upload, or a 4xx: 415 image-type-not-allowed (not JPEG, PNG, WebP or PDF by its
 * content), 415 pdf-active-content / pdf-encrypted, 413 image-too-many-pixels, 400 image-unreadable (damaged or
 * truncated).
 */
export async function processUpload(input: Buffer): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(input);
  if (type?.mime === "application/pdf") {
    await inTurn(() => checkPdf(input));
    return {
      contentType: "application/pdf",
      ext: "pdf",
      bytes: input,
      thumbnail: null,
      width: null,
      height: null,
    };
  }
  if (!type || !Object.hasOwn(PHOTO_FORMATS, type.mime)) throw new AppError("image-type-not-allowed");
  return inTurn(() => reencode(input, type.mime as PhotoType));
}

/**
 * Control characters (Unicode Cc: C0, DEL, C1), format characters (Cf: the bidirectional controls U+202A–U+202E
 * and U+2066–U+2069, which make `report\u202Efdp.exe` show as `reportexe.pdf`; zero-width characters, the BOM…)
 * and the line and paragraph separators.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** A file name as shown: without control or format characters (names stored before these were taken out too). */
export const shownFileName = (name: string) => name.replace(INVISIBLE, "");

/**
 * A file name safe to show and to save: no folders, control or format characters (shownFileName), at most 100
 * characters, its extension the content's.
 */
export function storedFileName(given: string | undefined, ext: string): string {
  const last = (given ?? "").split(/[\\/]/).pop() ?? "";
  const base = shownFileName(last)
    .replace(/\.[^.]*$/, "")
    .trim()
    .slice(0, 100);
  return `${base || "image"}.${ext}`;
}
