import type { DataItemSummary } from "@mimamori/shared";

/** The item types whose card offers staff an add-image dialog (spec §2, DATA-13). */
export const STAFF_IMAGE_KEYS = ["covid19_pcr_test", "covid19_vaccine"] as const;

export function canStaffAddImages(item: Pick<DataItemSummary, "key" | "data_type">): boolean {
  return item.data_type === "image" && (STAFF_IMAGE_KEYS as readonly string[]).includes(item.key);
}

/** user_info holds the member's contact details (docs/decisions.md, DATA-15). */
export function isContactItem(item: Pick<DataItemSummary, "key">): boolean {
  return item.key === "user_info";
}
