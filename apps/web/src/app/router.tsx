import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { FullPageLoader } from "../components/FullPageLoader";
import { loadAreaStrings, type StringArea } from "../i18n/areaStrings";
import { RouteGuard } from "./guards/RouteGuard";
import { NotFoundPage } from "./NotFoundPage";
import { Root } from "./Root";
import { RouteError } from "./RouteError";

/** Every page is its own chunk, loaded when its route is visited. */
const page = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

const areas = ["client", "staff", "admin"] as const;

const withStrings = <T,>(area: StringArea, loaded: Promise<T>) =>
  Promise.all([loaded, loadAreaStrings(area)]).then(([value]) => value);

/** An area's layout comes with the area's feature strings (i18n/areaStrings.ts), before any of its pages renders. */
const layouts = {
  client: page(() =>
    withStrings(
      "client",
      import("./layout/AppLayout").then((m) => m.ClientLayout),
    ),
  ),
  staff: page(() =>
    withStrings(
      "staff",
      import("./layout/AppLayout").then((m) => m.StaffLayout),
    ),
  ),
  admin: page(() =>
    withStrings(
      "admin",
      import("./layout/AppLayout").then((m) => m.AdminLayout),
    ),
  ),
};

/**
 * Between the guard and an area's layout: a person who has not accepted the current terms or privacy version sees
 * the acceptance page instead (issue 29 §2), with the area's strings.
 */
const termsGate = (area: StringArea) =>
  page(() =>
    withStrings(
      area,
      import("../features/consents/TermsGate").then((m) => m.TermsGate),
    ),
  );

/** The pages of each area, inside its layout (besides home and profile). */
const areaPages: Record<(typeof areas)[number], RouteObject[]> = {
  client: [
    {
      path: "reports",
      lazy: page(() =>
        import("../features/reports/client/ClientReportsPage").then((m) => m.ClientReportsPage),
      ),
    },
    {
      path: "reports/resq-band/:type/:id",
      lazy: page(() => import("../features/reports/client/ClientReportPage").then((m) => m.ClientReportPage)),
    },
    {
      path: "data",
      lazy: page(() => import("../features/data-items/client/DataListPage").then((m) => m.DataListPage)),
    },
    {
      path: "data/:id",
      lazy: page(() => import("../features/data-items/client/DataDetailPage").then((m) => m.DataDetailPage)),
    },
    {
      path: "entities",
      lazy: page(() => import("../features/entities/client/EntitiesPage").then((m) => m.EntitiesPage)),
    },
    {
      path: "entities/:workspace",
      lazy: page(() =>
        import("../features/entities/client/EntityDetailPage").then((m) => m.EntityDetailPage),
      ),
    },
    {
      path: "forms",
      lazy: page(() => import("../features/forms/client/ClientFormsPage").then((m) => m.ClientFormsPage)),
    },
    {
      path: "forms/:id/detail",
      lazy: page(() => import("../features/forms/client/FormDetailPage").then((m) => m.FormDetailPage)),
    },
    {
      path: "forms/:id/detail/answer",
      lazy: page(() => import("../features/forms/client/AnswerPage").then((m) => m.AnswerPage)),
    },
    {
      path: "forms/:id/detail/show-answer",
      lazy: page(() => import("../features/forms/client/ShowAnswerPage").then((m) => m.ShowAnswerPage)),
    },
    {
      path: "access-audit",
      lazy: page(() =>
        import("../features/access-audit/client/AccessAuditPage").then((m) => m.AccessAuditPage),
      ),
    },
  ],
  staff: [
    // §2: /staff/devices is the staff dashboard too (the spec gives it no content of its own): the watch board
    {
      path: "devices",
      lazy: page(() => import("../features/board/staff/BoardPage").then((m) => m.BoardPage)),
    },
    {
      path: "reports",
      lazy: page(() => import("../features/reports/staff/StaffReportsPage").then((m) => m.StaffReportsPage)),
    },
    {
      path: "reports/:reportId",
      lazy: page(() => import("../features/reports/staff/StaffReportPage").then((m) => m.StaffReportPage)),
    },
    {
      path: "reports/:reportId/:uid",
      lazy: page(() =>
        import("../features/reports/staff/StaffMemberReportPage").then((m) => m.StaffMemberReportPage),
      ),
    },
    {
      path: "questions",
      lazy: page(() =>
        import("../features/forms/staff/questions/QuestionsPage").then((m) => m.QuestionsPage),
      ),
    },
    { path: "form", lazy: page(() => import("../features/forms/staff/FormsPage").then((m) => m.FormsPage)) },
    {
      path: "form/create",
      lazy: page(() => import("../features/forms/staff/FormEditorPages").then((m) => m.FormCreatePage)),
    },
    {
      path: "form/:id/history",
      lazy: page(() => import("../features/forms/staff/FormEditorPages").then((m) => m.FormHistoryPage)),
    },
    {
      path: "form/:id/history/answer",
      lazy: page(() =>
        import("../features/forms/staff/answers/StaffAnswerPage").then((m) => m.StaffAnswerPage),
      ),
    },
    {
      path: "staffs",
      lazy: page(() => import("../features/entities/staff/staffs/StaffsPage").then((m) => m.StaffsPage)),
    },
    {
      path: "users",
      lazy: page(() => import("../features/entities/staff/users/UsersPage").then((m) => m.UsersPage)),
    },
    {
      path: "users/:id",
      lazy: page(() =>
        import("../features/entities/staff/user-detail/UserDetailPage").then((m) => m.UserDetailPage),
      ),
    },
    {
      path: "modules",
      lazy: page(() => import("../features/entities/staff/modules/ModulesPage").then((m) => m.ModulesPage)),
    },
    {
      path: "notification-settings",
      lazy: page(() =>
        import("../features/alerts/staff/settings/AlertSettingsPage").then((m) => m.AlertSettingsPage),
      ),
    },
    {
      path: "notification-settings/measurement-value",
      lazy: page(() =>
        import("../features/alerts/staff/settings/MeasurementSettingsPage").then(
          (m) => m.MeasurementSettingsPage,
        ),
      ),
    },
    {
      path: "notification-settings/webhooks",
      lazy: page(() => import("../features/webhooks/staff/WebhooksPage").then((m) => m.WebhooksPage)),
    },
    {
      path: "notification-settings/synchronization",
      lazy: page(() =>
        import("../features/alerts/staff/settings/SynchronizationSettingsPage").then(
          (m) => m.SynchronizationSettingsPage,
        ),
      ),
    },
    {
      path: "notifications",
      lazy: page(() => import("../features/alerts/staff/AlertsPage").then((m) => m.AlertsPage)),
    },
    {
      path: "notifications/heat-illness-record",
      lazy: page(() =>
        import("../features/alerts/staff/HeatIllnessRecordPage").then((m) => m.HeatIllnessRecordPage),
      ),
    },
  ],
  admin: [
    {
      path: "entities",
      lazy: page(() => import("../features/entities/admin/EntitiesPage").then((m) => m.EntitiesPage)),
    },
    {
      path: "entities/:workspace",
      lazy: page(() => import("../features/entities/admin/EntityDetailPage").then((m) => m.EntityDetailPage)),
    },
    {
      path: "CSVdownload",
      lazy: page(() => import("../features/admin/csv-download/AdminCsvPage").then((m) => m.AdminCsvPage)),
    },
    { path: "users", lazy: page(() => import("../features/admin/users/UsersPage").then((m) => m.UsersPage)) },
    {
      path: "data-types",
      lazy: page(() => import("../features/admin/data-types/DataTypesPage").then((m) => m.DataTypesPage)),
    },
    {
      path: "access-audit",
      lazy: page(() =>
        import("../features/access-audit/admin/AccessAuditAdminPage").then((m) => m.AccessAuditAdminPage),
      ),
    },
  ],
};

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: Root,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    children: [
      { index: true, element: <Navigate to="/auth/client/sign-in" replace /> },
      {
        path: "auth/client/sign-in",
        lazy: page(() => import("../features/identity/auth/SignInPage").then((m) => m.ClientSignInPage)),
      },
      {
        path: "auth/staff/sign-in",
        lazy: page(() => import("../features/identity/auth/SignInPage").then((m) => m.StaffSignInPage)),
      },
      {
        path: "auth/admin/sign-in",
        lazy: page(() => import("../features/identity/auth/SignInPage").then((m) => m.AdminSignInPage)),
      },
      {
        // every other page has the query cache (QueryRoot): the sign-in pages load no react-query code
        lazy: page(() => import("./QueryRoot").then((m) => m.QueryRoot)),
        children: [
          {
            path: "auth/sign-up",
            lazy: page(() => import("../features/identity/auth/SignUpPage").then((m) => m.SignUpPage)),
          },
          {
            path: "auth/forgot-password",
            lazy: page(() =>
              import("../features/identity/auth/ForgotPasswordPage").then((m) => m.ForgotPasswordPage),
            ),
          },
          {
            path: "auth/verify-email",
            lazy: page(() =>
              import("../features/identity/auth/VerifyEmailPage").then((m) => m.VerifyEmailPage),
            ),
          },
          {
            path: "auth/reset-password",
            lazy: page(() =>
              import("../features/identity/auth/ResetPasswordPage").then((m) => m.ResetPasswordPage),
            ),
          },
          {
            path: "auth/set-password",
            lazy: page(() =>
              import("../features/identity/auth/SetPasswordPage").then((m) => m.SetPasswordPage),
            ),
          },
          {
            path: "auth/staff/entity-select",
            Component: RouteGuard,
            children: [
              {
                lazy: termsGate("staff"),
                children: [
                  {
                    index: true,
                    lazy: page(() =>
                      import("../features/identity/auth/EntitySelectPage").then((m) => m.EntitySelectPage),
                    ),
                  },
                ],
              },
            ],
          },
          { path: "about", lazy: page(() => import("../features/legal/AboutPage").then((m) => m.AboutPage)) },
          {
            path: "supporters",
            lazy: page(() => import("../features/legal/SupportersPage").then((m) => m.SupportersPage)),
          },
          { path: "terms", lazy: page(() => import("../features/legal/TermsPage").then((m) => m.TermsPage)) },
          {
            path: "privacy",
            lazy: page(() => import("../features/legal/PrivacyPage").then((m) => m.PrivacyPage)),
          },
          {
            // the band app's chart view: its own id token, no session, no layout (§2 mobile view)
            path: "mobile/reports/resq_band",
            lazy: page(() =>
              withStrings(
                "mobile",
                import("../features/reports/mobile/MobileReportPage").then((m) => m.MobileReportPage),
              ),
            ),
          },
          ...areas.map(
            (area): RouteObject => ({
              path: area,
              Component: RouteGuard,
              children: [
                {
                  lazy: termsGate(area),
                  children: [
                    {
                      lazy: layouts[area],
                      children: [
                        {
                          index: true,
                          // staff start on the watch board (issue 28); clients and admins on the welcome page
                          lazy:
                            area === "staff"
                              ? page(() =>
                                  import("../features/board/staff/BoardPage").then((m) => m.BoardPage),
                                )
                              : page(() => import("../features/home/HomePage").then((m) => m.HomePage)),
                        },
                        {
                          path: "profile",
                          lazy: page(() =>
                            import("../features/identity/profile/ProfilePage").then((m) => m.ProfilePage),
                          ),
                        },
                        {
                          // the development mailbox (no SMTP_URL): every area reads its own mail there
                          path: "mailbox",
                          lazy: page(() =>
                            import("../features/dev-mailbox/common/MailboxPage").then((m) => m.MailboxPage),
                          ),
                        },
                        {
                          // "My consents" (issue 29 §2), linked from the profile
                          path: "consents",
                          lazy: page(() =>
                            import("../features/consents/ConsentsPage").then((m) => m.ConsentsPage),
                          ),
                        },
                        ...areaPages[area],
                      ],
                    },
                  ],
                },
              ],
            }),
          ),
        ],
      },
      { path: "*", Component: NotFoundPage },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
