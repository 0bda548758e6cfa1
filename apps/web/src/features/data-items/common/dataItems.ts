import {
  DATA_LIMITS,
  type DataQuestion,
  type FormQuestion,
  IMAGE_MIME_TYPES,
  type Language,
  localeOf,
} from "@mimamori/shared";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/**
 * An instant as time relative to `now` in the UI language ("3 hours ago", "3時間前"; "now" / "今" under a
 * minute), with the largest unit that fits.
 */
export function relativeTime(iso: string, language: Language, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const seconds = Math.round((at - now) / 1000);
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, "second");
}

/** File name endings accepted for upload (the server recognises the type by content; this only guides the picker). */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES, ".jpg", ".jpeg", ".png", ".webp", ".pdf"].join(",");

export type FileProblem = "too-large" | "wrong-type" | "empty";

/**
 * What is wrong with a chosen file before it is sent: larger than 10 MB, of a type other than JPEG, PNG, WebP or
 * PDF, or empty. The server checks again, by content; this saves the member a long upload that would be refused.
 */
export function fileProblem(file: { size: number; type: string; name: string }): FileProblem | null {
  if (file.size === 0) return "empty";
  if (file.size > DATA_LIMITS.imageBytesMax) return "too-large";
  const byType = (IMAGE_MIME_TYPES as readonly string[]).includes(file.type);
  // some systems give no type for a file: its ending decides here, its content on the server
  const byName = !file.type && /\.(jpe?g|png|webp|pdf)$/i.test(file.name);
  return byType || byName ? null : "wrong-type";
}

/** The question of a form_data item as the form field of the questionnaires renders it (one, required). */
export function asFormQuestion(q: DataQuestion): FormQuestion {
  return {
    id: q.id,
    order: 1,
    text: q.text,
    question_type_id: q.question_type,
    is_required: true,
    question_options: q.options.map((o) => ({ order: o.order, text: o.text })),
  };
}

/** A file size in the UI language: "2.4 MB", "830 KB". */
export function formatBytes(bytes: number, language: Language): string {
  const mb = bytes / (1024 * 1024);
  const format = (n: number, unit: "megabyte" | "kilobyte") =>
    new Intl.NumberFormat(localeOf(language), {
      style: "unit",
      unit,
      unitDisplay: "short",
      maximumFractionDigits: 1,
    }).format(n);
  return mb >= 1 ? format(mb, "megabyte") : format(Math.max(1, Math.round(bytes / 1024)), "kilobyte");
}

/** Base64 (of a download) as a Blob to save or show. */
export function base64Blob(base64: string, contentType: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: contentType });
}
