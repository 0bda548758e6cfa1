import { apiUrl } from "./client";

/** "Export my data" (issue 29 §3): the signed-in person's ZIP, streamed (read with `streamDownload`). */
export const personalExportPath = apiUrl("get", "/user/export");
/** The name the server gives it (Content-Disposition), if the header were missing. */
export const personalExportFallbackName = "mimamori-export.zip";
