import type {
  ChangePasswordBody,
  EmailBody,
  LanguageBody,
  RegisterBody,
  ResetConfirmBody,
  SignInBody,
  TokenBody,
  UserInfoBody,
} from "@mimamori/shared";
import { api } from "./client";
import { anyIdToken } from "./session";

const pub = { auth: false } as const;

/** Typed calls of the API (paths below `/api`). */
export const identityEndpoints = {
  signIn: (body: SignInBody) => api.post("/auth/sign-in", { body, ...pub }),
  /** Best effort: the server revokes the session by bearer token and by the refresh cookie. */
  async signOut(): Promise<void> {
    const token = anyIdToken();
    await fetch("/api/auth/sign-out", {
      method: "POST",
      credentials: "same-origin",
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
      // let go of the answer: an unread body (no-store: not kept by the browser's cache) holds its request open
      .then((res) => res.body?.cancel())
      .catch(() => undefined);
  },
  register: (body: RegisterBody) => api.post("/user/register", { body, ...pub }),
  verifyEmail: (token: TokenBody["token"]) =>
    api.post("/auth/verify-email", { body: { token } satisfies TokenBody, ...pub }),
  sendVerification: (email: EmailBody["email"]) =>
    api.post("/auth/send-verification", { body: { email } satisfies EmailBody, ...pub }),
  requestPasswordReset: (email: EmailBody["email"]) =>
    api.post("/auth/password-reset", { body: { email } satisfies EmailBody, ...pub }),
  confirmPasswordReset: (token: ResetConfirmBody["token"], newPassword: ResetConfirmBody["newPassword"]) =>
    api.post("/auth/password-reset/confirm", {
      body: { token, newPassword } satisfies ResetConfirmBody,
      ...pub,
    }),
  changePassword: (
    oldPassword: ChangePasswordBody["oldPassword"],
    newPassword: ChangePasswordBody["newPassword"],
  ) => api.post("/auth/change-password", { body: { oldPassword, newPassword } satisfies ChangePasswordBody }),
  /** The caller's stored language (the session names the person: no e-mail address in the path). */
  ownLanguage: () => api.get("/self/language"),
  saveLanguage: (language: LanguageBody["language"]) =>
    api.put("/user/language", { body: { language } satisfies LanguageBody }),
  userInfo: () => api.get("/user/info"),
  saveUserInfo: (body: UserInfoBody) => api.put("/user/info", { body }),
  staffEntities: () => api.get("/staff/entities"),
  staffLogin: (workspace: string) =>
    api.post("/staff/{workspace}/login", { params: { path: { workspace } } }),
  adminLogin: (email: EmailBody["email"]) =>
    api.post("/admin/login", { body: { email } satisfies EmailBody }),
  health: () => api.get("/health", pub),
};
