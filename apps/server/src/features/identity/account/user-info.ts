import type { users } from "../../../db/schema";
import type { UserProfile } from "../../../lib/access";

export type UserInfoColumns = UserProfile &
  Pick<typeof users.$inferSelect, "id" | "email" | "name" | "language">;

/** A person's own fields as the API writes them (GET /user/info; the personal export's profile.json). */
export function toUserInfo(u: UserInfoColumns) {
  return {
    uid: u.id,
    email: u.email,
    name: u.name,
    language: u.language,
    display_name: u.displayName,
    first_name: u.firstName,
    last_name: u.lastName,
    first_name_kana: u.firstNameKana,
    last_name_kana: u.lastNameKana,
    phone_number1: u.phoneNumber1,
    phone_number2: u.phoneNumber2,
    address: u.address,
  };
}
