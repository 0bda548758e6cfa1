import { type ApiUrl, api } from "../api/client";
import { saveFile } from "./saveFile";

/** The file name of a Content-Disposition header (`filename*=` of RFC 5987 first), or null. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/** A byte count for people: 512 B, 12.3 KB, 4.5 MB. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ["B", "KB", "MB", "GB"];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: i === 0 ? 0 : 1 }).format(v);
  return `${n} ${units[i]}`;
}

export interface Downloaded {
  filename: string;
  bytes: number;
}

/**
 * Downloads a (streamed) file of the API: the body is read chunk by chunk, counting bytes for the progress
 * shown in the page, then offered to the browser as a Blob download. Abort with `signal`.
 */
export async function streamDownload(
  path: ApiUrl,
  options: { fallbackName: string; onProgress?: (bytes: number) => void; signal?: AbortSignal },
): Promise<Downloaded> {
  const res = await api.stream(path, { signal: options.signal });
  const filename = filenameOf(res.headers.get("content-disposition")) ?? options.fallbackName;
  const type = res.headers.get("content-type") ?? "application/octet-stream";
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value as Uint8Array<ArrayBuffer>);
      bytes += value.byteLength;
      options.onProgress?.(bytes);
    }
  } else {
    const buf = new Uint8Array(await res.arrayBuffer());
    parts.push(buf);
    bytes = buf.byteLength;
    options.onProgress?.(bytes);
  }
  saveFile(new Blob(parts, { type }), filename);
  return { filename, bytes };
}
