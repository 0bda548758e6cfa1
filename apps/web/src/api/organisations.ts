import {
  type AdminEntity,
  type AdminUser,
  type ChangeLanguageBody,
  type ClientEntity,
  type CreateEntityBody,
  type Entity,
  type MemberUser,
  type ModeBody,
  type Module,
  type Ok,
  type ResetConfirmBody,
  type StaffEmailBody,
  type StaffMember,
  type UpdateEntityBody,
  USER_LIST_PAGE_MAX,
  type UserRow,
  type UserRowsBody,
} from "@mimamori/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { useSessionState } from "./hooks";
import { allPages } from "./pages";
import type { AdminExportRequest } from "./reports";

const seg = encodeURIComponent;

/** Typed calls of the organisation screens: entities, modules, memberships, staff and users. */
export const orgEndpoints = {
  // Admin (super user)
  entities: () => api.get<AdminEntity[]>("/entities"),
  createEntity: (body: CreateEntityBody) => api.post<Entity>("/entities", body),
  entity: (ws: string) => api.get<Entity>(`/entities/${seg(ws)}`),
  updateEntity: (ws: string, body: UpdateEntityBody) => api.put<Entity>(`/entities/${seg(ws)}`, body),
  deleteEntity: (ws: string) => api.delete<Ok>(`/entities/${seg(ws)}`),
  entityModules: (ws: string) => api.get<Module[]>(`/entities/${seg(ws)}/modules`),
  subscribeEntityModule: (ws: string, id: number, on: boolean) =>
    on
      ? api.post<Module[]>(`/entities/${seg(ws)}/modules/${id}`)
      : api.delete<Module[]>(`/entities/${seg(ws)}/modules/${id}`),
  entityModuleMode: (ws: string, id: number, mode: ModeBody["mode_option"]) =>
    api.post<Module[]>(`/entities/${seg(ws)}/modules/${id}/mode`, { mode_option: mode } satisfies ModeBody),
  entityStaffs: (ws: string) => api.get<StaffMember[]>(`/entities/${seg(ws)}/staffs`),
  addEntityStaff: (ws: string, email: StaffEmailBody["email"]) =>
    api.post<StaffMember[]>(`/entities/${seg(ws)}/staffs`, { email } satisfies StaffEmailBody),
  /** Every user of the scope, read a page of USER_LIST_PAGE_MAX at a time (the server bounds each answer). */
  adminUsers: (ws: string) =>
    allPages(
      (offset, limit) => api.get<AdminUser[]>(`/admin/users/${seg(ws)}?offset=${offset}&limit=${limit}`),
      USER_LIST_PAGE_MAX,
    ),
  deleteAccount: (uid: string) => api.delete<Ok>(`/admin/users/${seg(uid)}`),
  userDataFile: (uid: string, q: AdminExportRequest) => {
    const query = new URLSearchParams({
      start_time: String(q.start_time),
      end_time: String(q.end_time),
      data_type: q.data_type,
      db_type: q.db_type,
      timezone: q.timezone,
    });
    return api.file(`/admin/users/data/${seg(uid)}/download?${query.toString()}`);
  },

  // Client
  myEntities: () => api.get<ClientEntity[]>("/user/entities"),
  applyEntity: (ws: string) => api.post<ClientEntity>(`/user/entities/${seg(ws)}`),
  cancelApplication: (ws: string) => api.put<ClientEntity>(`/user/entities/${seg(ws)}`),
  quitEntity: (ws: string) => api.delete<ClientEntity>(`/user/entities/${seg(ws)}`),
  myEntity: (ws: string) => api.get<ClientEntity>(`/user/entities/${seg(ws)}`),
  /** Accept (true) or decline an invitation of the entity, as a member ("client") or as staff. */
  answerInvitation: (ws: string, role: "client" | "staff", accept: boolean) =>
    accept
      ? api.post<ClientEntity>(`/user/invitations/${seg(ws)}/${role}`)
      : api.delete<ClientEntity>(`/user/invitations/${seg(ws)}/${role}`),
  myModules: (ws: string) => api.get<Module[]>(`/user/entities/${seg(ws)}/modules`),
  subscribeMyModule: (ws: string, id: number, on: boolean) =>
    on
      ? api.post<Module[]>(`/user/entities/${seg(ws)}/modules/${id}`)
      : api.delete<Module[]>(`/user/entities/${seg(ws)}/modules/${id}`),
  myModuleMode: (ws: string, id: number, mode: ModeBody["mode_option"]) =>
    api.post<Module[]>(`/user/entities/${seg(ws)}/modules/${id}/mode`, {
      mode_option: mode,
    } satisfies ModeBody),

  // Staff of a workspace
  staffs: (ws: string) => api.get<StaffMember[]>(`/staff/${seg(ws)}/staffs`),
  registerStaff: (ws: string, email: StaffEmailBody["email"]) =>
    api.post<StaffMember[]>(`/staff/${seg(ws)}/register`, { email } satisfies StaffEmailBody),
  removeStaff: (ws: string, email: StaffEmailBody["email"]) =>
    api.delete<StaffMember[]>(`/staff/${seg(ws)}/remove`, { body: { email } satisfies StaffEmailBody }),
  changeStaffLanguage: (
    ws: string,
    email: ChangeLanguageBody["email"],
    language: ChangeLanguageBody["language"],
  ) =>
    api.post<StaffMember[]>(`/staff/${seg(ws)}/change_language`, {
      email,
      language,
    } satisfies ChangeLanguageBody),
  staffModules: (ws: string) => api.get<Module[]>(`/staff/${seg(ws)}/modules`),
  members: (ws: string) => api.get<MemberUser[]>(`/staff/${seg(ws)}/users`),
  /** One accepted member by id: member pages read the name and e-mail here, never from their URL. */
  member: (ws: string, id: string) => api.get<MemberUser>(`/staff/${seg(ws)}/users/${seg(id)}`),
  validateRows: (ws: string, rows: UserRowsBody) =>
    api.post<UserRow[]>(`/staff/${seg(ws)}/users/validate`, rows),
  uploadCsv: (ws: string, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api.post<UserRow[]>(`/staff/${seg(ws)}/users/csv`, form);
  },
  registerRows: (ws: string, rows: UserRowsBody) =>
    api.post<UserRow[]>(`/staff/${seg(ws)}/users/register`, rows),
  deleteMember: (ws: string, id: string) => api.delete<MemberUser[]>(`/staff/${seg(ws)}/users/${seg(id)}`),
  setMemberActive: (ws: string, id: string, active: boolean) =>
    api.post<MemberUser[]>(`/staff/${seg(ws)}/users/${seg(id)}/${active ? "enable" : "disable"}`),
  answerApplication: (ws: string, id: string, accept: boolean) =>
    accept
      ? api.post<MemberUser[]>(`/staff/${seg(ws)}/users/${seg(id)}/approval`)
      : api.put<MemberUser[]>(`/staff/${seg(ws)}/users/${seg(id)}/approval`),

  // Invitation
  acceptInvite: (token: ResetConfirmBody["token"], newPassword: ResetConfirmBody["newPassword"]) =>
    api.post<Ok>("/auth/accept-invite", { token, newPassword } satisfies ResetConfirmBody, { auth: false }),
};

/** Query keys carry the user id so one person's data never shows for the next. */
export const orgKeys = {
  entities: (uid: string) => ["user", uid, "admin-entities"] as const,
  entity: (uid: string, ws: string) => ["user", uid, "admin-entity", ws] as const,
  entityModules: (uid: string, ws: string) => ["user", uid, "admin-entity", ws, "modules"] as const,
  entityStaffs: (uid: string, ws: string) => ["user", uid, "admin-entity", ws, "staffs"] as const,
  adminUsers: (uid: string, ws: string) => ["user", uid, "admin-users", ws] as const,
  myEntities: (uid: string) => ["user", uid, "my-entities"] as const,
  myEntity: (uid: string, ws: string) => ["user", uid, "my-entities", ws] as const,
  myModules: (uid: string, ws: string) => ["user", uid, "my-entities", ws, "modules"] as const,
  staffs: (uid: string, ws: string) => ["user", uid, "staff", ws, "staffs"] as const,
  staffModules: (uid: string, ws: string) => ["user", uid, "staff", ws, "modules"] as const,
  members: (uid: string, ws: string) => ["user", uid, "staff", ws, "members"] as const,
  /** Under the members key: a change of the list refetches the member too. */
  member: (uid: string, ws: string, id: string) => ["user", uid, "staff", ws, "members", id] as const,
};

/** The signed-in person's id for query keys ("-" before the session is known). */
export function useUidOrDash(): string {
  return useSessionState().user?.uid ?? "-";
}

/** One accepted member of the staff workspace, by id (the name and e-mail of the member pages). */
export function useStaffMember(ws: string | null, id: string) {
  const uid = useUidOrDash();
  return useQuery({
    queryKey: orgKeys.member(uid, ws ?? "", id),
    queryFn: () => orgEndpoints.member(ws ?? "", id),
    enabled: !!ws && !!id,
  });
}
