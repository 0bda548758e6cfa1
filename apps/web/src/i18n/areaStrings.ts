import { i18n } from ".";

/**
 * Feature strings live beside their screens (`features/<domain>/<role>/i18n/jp.json` and `en.json`, a role's part
 * `features/<domain>/<role>/<part>/i18n/…`, or `features/<domain>/i18n/…` for a domain every role uses alike) and
 * are merged into the one namespace under the folder path with `/` read as `-`:
 * `features/entities/admin` → `t("entities-admin.<key>")`, `features/forms/staff/answers` → `forms-staff-answers`.
 *
 * Only the shell and auth strings (i18n/jp.json, en.json) are in the first page's JavaScript; an area's feature
 * strings come as one chunk with its layout, both languages at once so a language switch needs no download.
 * Which area loads which folders: areas/*.ts; areaStrings.test.ts checks that every page finds its keys.
 */
export type StringArea = "client" | "staff" | "admin" | "mobile";

type FeatureFiles = Record<string, Record<string, unknown>>;

const areaFiles: Record<StringArea, () => Promise<{ default: FeatureFiles }>> = {
  client: () => import("./areas/client"),
  staff: () => import("./areas/staff"),
  admin: () => import("./areas/admin"),
  mobile: () => import("./areas/mobile"),
};

/** `../features/forms/staff/answers/i18n/jp.json` → `["forms-staff-answers", "jp"]`. */
export function featureKeyOf(file: string): [key: string, language: "jp" | "en"] | null {
  const m = /features\/((?:[^/]+\/){0,3}[^/]+)\/i18n\/(jp|en)\.json$/.exec(file);
  return m?.[1] && m[2] ? [m[1].replaceAll("/", "-"), m[2] as "jp" | "en"] : null;
}

function addFeatureStrings(files: FeatureFiles) {
  for (const [file, strings] of Object.entries(files)) {
    const found = featureKeyOf(file);
    if (found) i18n.addResourceBundle(found[1], "translation", { [found[0]]: strings }, true, true);
  }
}

const loading = new Map<StringArea, Promise<void>>();

/** Adds an area's feature strings once; a failed download (offline) is tried again on the next visit. */
export function loadAreaStrings(area: StringArea): Promise<void> {
  let done = loading.get(area);
  if (!done) {
    done = areaFiles[area]().then((m) => addFeatureStrings(m.default));
    loading.set(area, done);
    done.catch(() => loading.delete(area));
  }
  return done;
}
