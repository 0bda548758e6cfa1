import type { ConsentEvent } from "@mimamori/shared";
import type { TFunction } from "i18next";

/** What the person consented to, in the reader's language. */
export const kindLabel = (t: TFunction, e: ConsentEvent) => t(`consents.kind.${e.kind}`);

/** The item: the versions accepted, or the shared data item's name (its key once the type is gone). */
export function itemLabel(t: TFunction, e: ConsentEvent): string {
  if (e.kind === "terms-accepted")
    return t("consents.versions", { terms: e.terms_version, privacy: e.privacy_version });
  return e.item_name ?? e.item_key ?? t("consents.none");
}
