import type {
  ChangePasswordBody,
  EmailBody,
  HealthResponse,
  LanguageBody,
  LanguageResponse,
  Ok,
  RegisterBody,
  RegisterResponse,
  ResetConfirmBody,
  SessionResponse,
  SignInBody,
  StaffEntity,
  TokenBody,
  UserInfo,
  UserInfoBody,
} from "@mimamori/shared";
import { api } from "./client";
import { anyIdToken } from "./session";

const pub = { auth: false } as const;

/** Typed calls of the API (paths below `/api`). */
export const endpoints = {
  signIn: (body: SignInBody) => api.post<SessionResponse>("/auth/sign-in", body, pub),
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
  register: (body: RegisterBody) => api.post<RegisterResponse>("/user/register", body, pub),
  verifyEmail: (token: TokenBody["token"]) =>
    api.post<Ok>("/auth/verify-email", { token } satisfies TokenBody, pub),
  sendVerification: (email: EmailBody["email"]) =>
    api.post<Ok>("/auth/send-verification", { email } satisfies EmailBody, pub),
  requestPasswordReset: (email: EmailBody["email"]) =>
    api.post<Ok>("/auth/password-reset", { email } satisfies EmailBody, pub),
  confirmPasswordReset: (token: ResetConfirmBody["token"], newPassword: ResetConfirmBody["newPassword"]) =>
    api.post<Ok>("/auth/password-reset/confirm", { token, newPassword } satisfies ResetConfirmBody, pub),
  changePassword: (
    oldPassword: ChangePasswordBody["oldPassword"],
    newPassword: ChangePasswordBody["newPassword"],
  ) =>
    api.post<SessionResponse>("/auth/change-password", {
      oldPassword,
      newPassword,
    } satisfies ChangePasswordBody),
  /** The caller's stored language (the session names the person: no e-mail address in the path). */
  ownLanguage: () => api.get<LanguageResponse>("/self/language"),
  saveLanguage: (language: LanguageBody["language"]) =>
    api.put<Ok>("/user/language", { language } satisfies LanguageBody),
  userInfo: () => api.get<UserInfo>("/user/info"),
  saveUserInfo: (body: UserInfoBody) => api.put<UserInfo>("/user/info", body),
  staffEntities: () => api.get<StaffEntity[]>("/staff/entities"),
  staffLogin: (workspace: string) =>
    api.post<LanguageResponse>(`/staff/${encodeURIComponent(workspace)}/login`),
  adminLogin: (email: EmailBody["email"]) => api.post<boolean>("/admin/login", { email } satisfies EmailBody),
  health: () => api.get<HealthResponse>("/health", pub),
};
