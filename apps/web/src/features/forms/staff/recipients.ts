import { FORM_LIMITS, type MemberUser } from "@mimamori/shared";

/** LIMITS-09 (spec §9): the recipient picker shows at most this many chosen members as tags, the rest as "+N". */
export const PICKER_TAGS_MAX = FORM_LIMITS.pickerTagsMax;

/** At most this many members are listed at once in the picker; a search narrows the rest down. */
export const PICKER_LIST_MAX = 200;

/** The tags to show for the chosen members and how many more there are ("+N"; 0 when all are shown). */
export function pickerTags<T>(
  chosen: readonly T[],
  max: number = PICKER_TAGS_MAX,
): { shown: T[]; more: number } {
  const shown = chosen.slice(0, Math.max(0, max));
  return { shown, more: chosen.length - shown.length };
}

/**
 * Who can receive a form: the entity's accepted, active members (docs/decisions.md, "Sending"); pending
 * applicants, invited people who have not accepted and disabled members are left out.
 */
export function eligibleRecipients(members: readonly MemberUser[]): MemberUser[] {
  return members.filter((m) => !m.is_pending && !m.is_invited && m.is_active);
}

/** The members whose name or e-mail contains the query (case- and width-insensitive; all for an empty query). */
export function searchMembers(members: readonly MemberUser[], query: string): MemberUser[] {
  const q = fold(query.trim());
  if (!q) return [...members];
  return members.filter((m) => fold(m.name).includes(q) || fold(m.email).includes(q));
}

/** NFKC folds full-width letters and digits (ｓａｔｏ → sato) so a Japanese keyboard finds Latin names. */
const fold = (s: string) => s.normalize("NFKC").toLowerCase();

/**
 * "Select all" over the members a search shows: adds them all, or removes them all when every one of them is
 * already chosen. Chosen members outside the search stay chosen.
 */
export function toggleAll(chosen: readonly string[], visible: readonly { uid: string }[]): string[] {
  const ids = visible.map((m) => m.uid);
  const set = new Set(chosen);
  const all = ids.length > 0 && ids.every((id) => set.has(id));
  if (all) return chosen.filter((id) => !ids.includes(id));
  return [...chosen, ...ids.filter((id) => !set.has(id))];
}
