import type {
  HealthResponse,
  Language,
  LanguageResponse,
  Ok,
  RegisterBody,
  RegisterResponse,
  SessionResponse,
  SignInBody,
  StaffEntity,
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
    }).catch(() => undefined);
  },
  register: (body: RegisterBody) => api.post<RegisterResponse>("/user/register", body, pub),
  verifyEmail: (token: string) => api.post<Ok>("/auth/verify-email", { token }, pub),
  sendVerification: (email: string) => api.post<Ok>("/auth/send-verification", { email }, pub),
  requestPasswordReset: (email: string) => api.post<Ok>("/auth/password-reset", { email }, pub),
  confirmPasswordReset: (token: string, newPassword: string) =>
    api.post<Ok>("/auth/password-reset/confirm", { token, newPassword }, pub),
  changePassword: (oldPassword: string, newPassword: string) =>
    api.post<SessionResponse>("/auth/change-password", { oldPassword, newPassword }),
  ownLanguage: (email: string) => api.get<LanguageResponse>(`/self/language/${encodeURIComponent(email)}`),
  saveLanguage: (language: Language) => api.put<Ok>("/user/language", { language }),
  userInfo: () => api.get<UserInfo>("/user/info"),
  saveUserInfo: (body: UserInfoBody) => api.put<UserInfo>("/user/info", body),
  staffEntities: () => api.get<StaffEntity[]>("/staff/entities"),
  staffLogin: (workspace: string) =>
    api.post<LanguageResponse>(`/staff/${encodeURIComponent(workspace)}/login`),
  adminLogin: (email: string) => api.post<boolean>("/admin/login", { email }),
  health: () => api.get<HealthResponse>("/health", pub),
};
