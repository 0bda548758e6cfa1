import type { PDFObject } from "pdf-lib";
import { AppError } from "../../lib/errors";

/*
 * PDFs with active content are refused (issue 29 §5; docs/decisions.md, "PDFs with active content"). The file is
 * parsed with pdf-lib, which reads every object in the file, those inside compressed object streams too (a byte
 * search would miss them), and every object is walked for the names that start code, programs or other files.
 */

/**
 * The names refused wherever they appear (as a dictionary key or a value): JavaScript (actions `/S /JavaScript`
 * with their `/JS`, the document's `/JavaScript` name tree), programs started (`/Launch`), other files opened or
 * carried (`/GoToR`, `/GoToE`, `/EmbeddedFile(s)`, `/FileAttachment` annotations), data sent or read
 * (`/SubmitForm`, `/ImportData`), XFA forms (`/XFA`: scripts of their own) and Flash or 3D media (`/RichMedia`).
 * Plain links (`/URI`) and moves inside the document (`/GoTo`) are allowed.
 */
export const ACTIVE_PDF_NAMES: ReadonlySet<string> = new Set([
  "JavaScript",
  "JS",
  "Launch",
  "GoToR",
  "GoToE",
  "EmbeddedFile",
  "EmbeddedFiles",
  "FileAttachment",
  "SubmitForm",
  "ImportData",
  "XFA",
  "RichMedia",
]);

type PdfLib = typeof import("pdf-lib");
let loaded: Promise<PdfLib> | undefined;
/** pdf-lib, loaded with the first PDF (like sharp with the first image). */
const loadPdfLib = () => {
  loaded ??= import("pdf-lib");
  return loaded;
};

/**
 * A name as a viewer reads it: pdf-lib decodes `#xx` escapes written in capitals only, so `/J#61vaScript`
 * comes out as `JavaScript` but `/#4a#53` (small letters) would not; the rest is decoded here.
 */
export const pdfNameText = (decoded: string) =>
  decoded.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const ENCRYPT_MARK = Buffer.from("/Encrypt");

/**
 * Resolves when the PDF has no active content; else 415 pdf-active-content, 415 pdf-encrypted (its objects
 * cannot be read to be checked) or 400 image-unreadable (not a PDF pdf-lib can read whole).
 */
export async function checkPdf(bytes: Buffer): Promise<void> {
  const lib = await loadPdfLib();
  let doc: Awaited<ReturnType<PdfLib["PDFDocument"]["load"]>>;
  try {
    doc = await lib.PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
      // hands the event loop back every 200 objects while a large file is parsed
      parseSpeed: 200,
    });
  } catch {
    throw new AppError(bytes.includes(ENCRYPT_MARK) ? "pdf-encrypted" : "image-unreadable");
  }
  if (doc.isEncrypted) throw new AppError("pdf-encrypted");
  const { PDFArray, PDFDict, PDFName, PDFRawStream, PDFStream } = lib;
  const objStm = "ObjStm";
  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = doc.context.enumerateIndirectObjects().map(([, obj]) => obj);
  while (stack.length) {
    const obj = stack.pop() as PDFObject;
    if (seen.has(obj)) continue;
    seen.add(obj);
    if (obj instanceof PDFName) {
      if (ACTIVE_PDF_NAMES.has(pdfNameText(obj.decodeText()))) throw new AppError("pdf-active-content");
    } else if (obj instanceof PDFDict) {
      for (const [key, value] of obj.entries()) stack.push(key, value);
    } else if (obj instanceof PDFArray) {
      stack.push(...obj.asArray());
    } else if (obj instanceof PDFStream) {
      // an object stream pdf-lib did not open (its type written with escapes it does not decode) would hide
      // its objects from this walk: refused as unreadable
      const type = obj.dict.get(PDFName.of("Type"));
      if (obj instanceof PDFRawStream && type instanceof PDFName && pdfNameText(type.decodeText()) === objStm)
        throw new AppError("image-unreadable");
      stack.push(obj.dict);
    }
  }
}
