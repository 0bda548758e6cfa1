import {
  type ChangeLanguageBody,
  type CreateEntityBody,
  type ModeBody,
  type ResetConfirmBody,
  type StaffEmailBody,
  type UpdateEntityBody,
  USER_LIST_PAGE_MAX,
  type UserRowsBody,
} from "@mimamori/shared";
import { useQuery } from "@tanstack/react-query";
import { api, apiUrl } from "./client";
import { useKeyUid } from "./hooks";
import { allPages } from "./pages";
import type { AdminExportRequest } from "./reports";

const ws_ = (workspace: string) => ({ path: { workspace } });

/** Typed calls of the entities domain: entities, modules, memberships, staff and users. */
export const entityEndpoints = {
  // Admin (super user)
  entities: () => api.get("/entities"),
  createEntity: (body: CreateEntityBody) => api.post("/entities", { body }),
  entity: (ws: string) => api.get("/entities/{workspace}", { params: ws_(ws) }),
  updateEntity: (ws: string, body: UpdateEntityBody) =>
    api.put("/entities/{workspace}", { params: ws_(ws), body }),
  deleteEntity: (ws: string) => api.delete("/entities/{workspace}", { params: ws_(ws) }),
  entityModules: (ws: string) => api.get("/entities/{workspace}/modules", { params: ws_(ws) }),
  subscribeEntityModule: (ws: string, id: number, on: boolean) => {
    const params = { path: { workspace: ws, moduleId: id } };
    return on
      ? api.post("/entities/{workspace}/modules/{moduleId}", { params })
      : api.delete("/entities/{workspace}/modules/{moduleId}", { params });
  },
  entityModuleMode: (ws: string, id: number, mode: ModeBody["mode_option"]) =>
    api.post("/entities/{workspace}/modules/{moduleId}/mode", {
      params: { path: { workspace: ws, moduleId: id } },
      body: { mode_option: mode } satisfies ModeBody,
    }),
  entityStaffs: (ws: string) => api.get("/entities/{workspace}/staffs", { params: ws_(ws) }),
  addEntityStaff: (ws: string, email: StaffEmailBody["email"]) =>
    api.post("/entities/{workspace}/staffs", { params: ws_(ws), body: { email } satisfies StaffEmailBody }),
  /** Every user of the scope, read a page of USER_LIST_PAGE_MAX at a time (the server bounds each answer). */
  adminUsers: (ws: string) =>
    allPages(
      (offset, limit) =>
        api.get("/admin/users/{workspace}", {
          params: { path: { workspace: ws }, query: { offset, limit } },
        }),
      USER_LIST_PAGE_MAX,
    ),
  // (the document names the uid `workspace`: OpenAPI gives one name to a parameter of `/admin/users/{}`)
  deleteAccount: (uid: string) =>
    api.delete("/admin/users/{workspace}", { params: { path: { workspace: uid } } }),
  /** One user's vital-data CSV, streamed (`useStreamedDownload` reads it). */
  userDataCsvPath: (uid: string, q: AdminExportRequest) =>
    apiUrl("get", "/admin/users/data/{uid}/download", {
      params: {
        path: { uid },
        query: {
          start_time: q.start_time,
          end_time: q.end_time,
          data_type: q.data_type,
          db_type: q.db_type,
          timezone: q.timezone,
        },
      },
    }),

  // Client
  myEntities: () => api.get("/user/entities"),
  applyEntity: (ws: string) => api.post("/user/entities/{workspace}", { params: ws_(ws) }),
  cancelApplication: (ws: string) => api.put("/user/entities/{workspace}", { params: ws_(ws) }),
  quitEntity: (ws: string) => api.delete("/user/entities/{workspace}", { params: ws_(ws) }),
  myEntity: (ws: string) => api.get("/user/entities/{workspace}", { params: ws_(ws) }),
  /** Accept (true) or decline an invitation of the entity, as a member ("client") or as staff. */
  answerInvitation: (ws: string, role: "client" | "staff", accept: boolean) => {
    const params = { path: { workspace: ws, role } };
    return accept
      ? api.post("/user/invitations/{workspace}/{role}", { params })
      : api.delete("/user/invitations/{workspace}/{role}", { params });
  },
  myModules: (ws: string) => api.get("/user/entities/{workspace}/modules", { params: ws_(ws) }),
  subscribeMyModule: (ws: string, id: number, on: boolean) => {
    const params = { path: { workspace: ws, moduleId: id } };
    return on
      ? api.post("/user/entities/{workspace}/modules/{moduleId}", { params })
      : api.delete("/user/entities/{workspace}/modules/{moduleId}", { params });
  },
  myModuleMode: (ws: string, id: number, mode: ModeBody["mode_option"]) =>
    api.post("/user/entities/{workspace}/modules/{moduleId}/mode", {
      params: { path: { workspace: ws, moduleId: id } },
      body: { mode_option: mode } satisfies ModeBody,
    }),

  // Staff of a workspace
  staffs: (ws: string) => api.get("/staff/{workspace}/staffs", { params: ws_(ws) }),
  registerStaff: (ws: string, email: StaffEmailBody["email"]) =>
    api.post("/staff/{workspace}/register", { params: ws_(ws), body: { email } satisfies StaffEmailBody }),
  removeStaff: (ws: string, email: StaffEmailBody["email"]) =>
    api.delete("/staff/{workspace}/remove", { params: ws_(ws), body: { email } satisfies StaffEmailBody }),
  changeStaffLanguage: (
    ws: string,
    email: ChangeLanguageBody["email"],
    language: ChangeLanguageBody["language"],
  ) =>
    api.post("/staff/{workspace}/change_language", {
      params: ws_(ws),
      body: { email, language } satisfies ChangeLanguageBody,
    }),
  staffModules: (ws: string) => api.get("/staff/{workspace}/modules", { params: ws_(ws) }),
  members: (ws: string) => api.get("/staff/{workspace}/users", { params: ws_(ws) }),
  /** One accepted member by id: member pages read the name and e-mail here, never from their URL. */
  member: (ws: string, id: string) =>
    api.get("/staff/{workspace}/users/{id}", { params: { path: { workspace: ws, id } } }),
  validateRows: (ws: string, rows: UserRowsBody) =>
    api.post("/staff/{workspace}/users/validate", { params: ws_(ws), body: rows }),
  uploadCsv: (ws: string, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api.post("/staff/{workspace}/users/csv", { params: ws_(ws), body: form });
  },
  registerRows: (ws: string, rows: UserRowsBody) =>
    api.post("/staff/{workspace}/users/register", { params: ws_(ws), body: rows }),
  deleteMember: (ws: string, id: string) =>
    api.delete("/staff/{workspace}/users/{id}", { params: { path: { workspace: ws, id } } }),
  setMemberActive: (ws: string, id: string, active: boolean) => {
    const params = { path: { workspace: ws, id } };
    return active
      ? api.post("/staff/{workspace}/users/{id}/enable", { params })
      : api.post("/staff/{workspace}/users/{id}/disable", { params });
  },
  answerApplication: (ws: string, id: string, accept: boolean) => {
    const params = { path: { workspace: ws, id } };
    return accept
      ? api.post("/staff/{workspace}/users/{id}/approval", { params })
      : api.put("/staff/{workspace}/users/{id}/approval", { params });
  },

  // Invitation
  acceptInvite: (token: ResetConfirmBody["token"], newPassword: ResetConfirmBody["newPassword"]) =>
    api.post("/auth/accept-invite", { body: { token, newPassword } satisfies ResetConfirmBody, auth: false }),
};

/** Query keys carry the user id so one person's data never shows for the next. */
export const entityKeys = {
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

/** One accepted member of the staff workspace, by id (the name and e-mail of the member pages). */
export function useStaffMember(ws: string | null, id: string) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: entityKeys.member(uid, ws ?? "", id),
    queryFn: () => entityEndpoints.member(ws ?? "", id),
    enabled: !!ws && !!id,
  });
}
