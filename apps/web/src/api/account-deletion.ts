import type { AccountDeletionBody, AdminAccountDeletionBody } from "@mimamori/shared";
import { api } from "./client";

/** Issue 29 §4: closing an account (deleted after the grace period unless the person signs in before). */
export const accountDeletionEndpoints = {
  /** The caller's own account; the password re-authenticates. */
  closeOwn: (password: string) =>
    api.post("/user/account/deletion", { body: { password, confirm: true } satisfies AccountDeletionBody }),
  /** An admin, for a person who asked in writing. */
  closeFor: (uid: string) =>
    api.post("/admin/users/{uid}/deletion", {
      params: { path: { uid } },
      body: { confirm: true } satisfies AdminAccountDeletionBody,
    }),
};
