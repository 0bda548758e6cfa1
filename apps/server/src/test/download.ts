import type { TestApp } from "./app";

/**
 * A download from the test app: the response, its status and headers, its bytes and its text with the BOM kept
 * (fetch's `text()` would drop it).
 */
export async function download(t: TestApp, path: string, token?: string, lang = "en") {
  const res = await fetch(`${t.url}/api${path}`, {
    headers: { "accept-language": lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    res,
    status: res.status,
    headers: res.headers,
    bytes,
    text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes),
  };
}

/** `YYYY/MM/DD HH:mm` of an instant in a zone, as the CSVs write it (computed apart from the server's SQL). */
export function localTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}`;
}
