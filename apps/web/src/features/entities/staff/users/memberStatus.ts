import type { MemberUser } from "@mimamori/shared";

export type MemberStatus = "invited" | "unverified" | "active" | "inactive";

/**
 * The users table's status chip (spec §4): an open invitation first (the entity sees nothing yet), then unverified
 * while the e-mail address is not confirmed (`email_is_active` false), otherwise active or inactive.
 */
export const memberStatus = (u: MemberUser): MemberStatus =>
  u.is_invited ? "invited" : !u.email_is_active ? "unverified" : u.is_active ? "active" : "inactive";
