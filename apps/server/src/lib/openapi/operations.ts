/**
 * What the OpenAPI document cannot derive from a route (docs/architecture.md, "The OpenAPI document"): each
 * operation's `operationId` (stable, camelCase, unique: a generated client's function name), its one-line summary
 * and its tag (the server feature that answers it), keyed by method and Fastify URL as `app.accessTable` names the
 * route. `lib/openapi/openapi.test.ts` fails on a route without an entry and on an entry without a route.
 *
 * `extra` names what the route's schema does not say: the error statuses its own rules answer (409 conflicts, 429
 * caps, 503), a multipart upload and a download's media types.
 */

import { REPORT_EXAMPLES } from "./report-examples";

export interface OperationExtra {
  /** Statuses besides those derived from access and schema (400, 401, 403, 404, 413, 415, 429, 500). */
  errors?: readonly number[];
  /** A multipart/form-data upload: the file's field name, its media types and size limit. */
  upload?: { field: string; types: readonly string[]; maxBytes: number };
  /** The success answer's media types when it is not (only) JSON; the first is the default. */
  produces?: readonly string[];
  /** A longer description, for what the schema cannot show. */
  description?: string;
  /** An example of the JSON request body. */
  example?: unknown;
  /** Examples of path and query parameters, by name. */
  parameters?: Readonly<Record<string, string | number>>;
  /** An example of the JSON success answer (the answer to `example` and `parameters`). */
  answer?: unknown;
}

export type Operation = readonly [operationId: string, summary: string, extra?: OperationExtra];

export interface OperationGroup {
  /**
   * The tag: the folder that answers, under apps/server/src/features/: a domain (`vitals`) or a part of one
   * (`entities/members`, `identity/auth`).
   */
  tag: string;
  description: string;
  operations: Record<string, Operation>;
}

const CSV = ["text/csv"] as const;

/** The band upload's example body: two heart-rate samples and a sleep record (guide.ts shows it in curl). */
export const BAND_UPLOAD_EXAMPLE = {
  samples: [
    { code: "00005091", time: "2026-11-26T09:00:00+09:00", value: 72 },
    { code: "00005091", time: "2026-11-26T09:01:00+09:00", value: 75 },
  ],
  sleep: [{ start: "2026-11-26T01:00:00+09:00", end: "2026-11-26T02:30:00+09:00", stage: "light" }],
} as const;
const CONFLICT = { errors: [409] } as const;
const IMAGE_UPLOAD = {
  field: "image",
  types: ["image/jpeg", "image/png", "image/webp", "application/pdf"],
  maxBytes: 10 * 1024 * 1024,
} as const;

export const OPERATION_GROUPS: readonly OperationGroup[] = [
  {
    tag: "health",
    description: "Liveness, readiness and the server's public state.",
    operations: {
      "GET /api/health": [
        "getHealth",
        "Server and database health, and whether the development mailbox is on",
      ],
      "GET /api/livez": ["getLiveness", "Liveness: the process answers"],
      "GET /api/readyz": [
        "getReadiness",
        "Readiness: the database answers and has every migration",
        { errors: [503] },
      ],
    },
  },
  {
    tag: "identity/auth",
    description: "Signing in and out, tokens, e-mail verification and passwords.",
    operations: {
      "POST /api/auth/sign-in": [
        "signIn",
        "Sign in with e-mail and password; answers the id and refresh tokens",
      ],
      "POST /api/auth/refresh": ["refreshToken", "Exchange a refresh token for a new id token"],
      "POST /api/auth/sign-out": ["signOut", "Sign out: revoke the session of a refresh token"],
      "POST /api/auth/verify-email": ["verifyEmail", "Verify an e-mail address with the mailed token"],
      "POST /api/auth/send-verification": ["sendVerification", "Send the e-mail verification mail again"],
      "POST /api/auth/password-reset": ["requestPasswordReset", "Mail a password reset link"],
      "POST /api/auth/password-reset/confirm": [
        "confirmPasswordReset",
        "Set a new password with the mailed token",
      ],
      "POST /api/auth/accept-invite": [
        "acceptInvite",
        "Create the account of an invited person from the mailed token",
      ],
      "POST /api/auth/change-password": ["changePassword", "Change the signed-in person's password"],
    },
  },
  {
    tag: "identity/account",
    description: "A person's own account: registration, profile and language.",
    operations: {
      "POST /api/user/register": [
        "registerUser",
        "Create an account (a verification mail is sent)",
        CONFLICT,
      ],
      "GET /api/self/language": ["getOwnLanguage", "The signed-in person's language"],
      "GET /api/self/language/:email": [
        "getLanguageByEmail",
        "The language of the account with an e-mail address",
      ],
      "PUT /api/user/language": ["setOwnLanguage", "Change the signed-in person's language"],
      "GET /api/user/info": ["getOwnInfo", "The signed-in person's profile"],
      "PUT /api/user/info": ["updateOwnInfo", "Change the signed-in person's profile"],
    },
  },
  {
    tag: "admin",
    description: "Administrators (super users): signing in as one and the user lists.",
    operations: {
      "POST /api/admin/login": ["adminLogin", "Check that the signed-in person is an administrator"],
      "GET /api/admin/users/:workspace": ["adminListEntityUsers", "An entity's members and staff"],
      "GET /api/get_user_list": ["adminListUsers", "Every account"],
      "DELETE /api/admin/users/:uid": ["adminDeleteUser", "Delete an account permanently", CONFLICT],
    },
  },
  {
    tag: "entities/records",
    description: "Entities (organisations, path segment `workspace`) as an administrator manages them.",
    operations: {
      "GET /api/entities": ["listEntities", "Every entity"],
      "POST /api/entities": ["createEntity", "Create an entity", CONFLICT],
      "GET /api/entities/:workspace": ["getEntity", "One entity"],
      "PUT /api/entities/:workspace": ["updateEntity", "Change an entity's details"],
      "DELETE /api/entities/:workspace": ["deleteEntity", "Delete an entity"],
      "GET /api/entities/:workspace/modules": ["listEntityModules", "The modules an entity subscribes to"],
      "POST /api/entities/:workspace/modules/:moduleId": [
        "subscribeEntityModule",
        "Subscribe an entity to a module",
        CONFLICT,
      ],
      "DELETE /api/entities/:workspace/modules/:moduleId": [
        "unsubscribeEntityModule",
        "End an entity's module subscription",
        CONFLICT,
      ],
      "POST /api/entities/:workspace/modules/:moduleId/mode": [
        "setEntityModuleMode",
        "Set the mode of an entity's module",
        CONFLICT,
      ],
      "GET /api/entities/:workspace/staffs": ["adminListEntityStaff", "An entity's staff"],
      "POST /api/entities/:workspace/staffs": [
        "adminAddEntityStaff",
        "Invite or add a staff member to an entity",
        { errors: [409, 429] },
      ],
    },
  },
  {
    tag: "entities/memberships",
    description: "A client's own memberships: invitations, the entities they belong to and their modules.",
    operations: {
      "GET /api/user/entities": ["listOwnMemberships", "The signed-in person's memberships"],
      "POST /api/user/invitations/:workspace/:role": [
        "acceptInvitation",
        "Accept an entity's invitation",
        CONFLICT,
      ],
      "DELETE /api/user/invitations/:workspace/:role": [
        "declineInvitation",
        "Decline an entity's invitation",
        CONFLICT,
      ],
      "POST /api/user/entities/:workspace": ["requestMembership", "Ask to join an entity", CONFLICT],
      "PUT /api/user/entities/:workspace": [
        "withdrawMembershipRequest",
        "Withdraw one's pending request to join",
        CONFLICT,
      ],
      "DELETE /api/user/entities/:workspace": ["leaveEntity", "Leave an entity"],
      "GET /api/user/entities/:workspace": ["getOwnMembership", "One of the signed-in person's memberships"],
      "GET /api/user/entities/:workspace/modules": ["listOwnModules", "The modules one uses at an entity"],
      "POST /api/user/entities/:workspace/modules/:moduleId": [
        "startOwnModule",
        "Start using a module of an entity",
        CONFLICT,
      ],
      "DELETE /api/user/entities/:workspace/modules/:moduleId": [
        "stopOwnModule",
        "Stop using a module of an entity",
        CONFLICT,
      ],
      "POST /api/user/entities/:workspace/modules/:moduleId/mode": [
        "setOwnModuleMode",
        "Set the mode of a module one uses",
        CONFLICT,
      ],
    },
  },
  {
    tag: "entities/staff",
    description: "An entity's staff as its staff see and manage them.",
    operations: {
      "GET /api/staff/:workspace/staffs": ["listEntityStaff", "The entity's staff"],
      "POST /api/staff/:workspace/register": [
        "inviteEntityStaff",
        "Invite a staff member",
        { errors: [409, 429] },
      ],
      "DELETE /api/staff/:workspace/remove": ["removeEntityStaff", "Remove a staff member"],
      "POST /api/staff/:workspace/change_language": ["setEntityLanguage", "Change the entity's language"],
      "GET /api/staff/:workspace/modules": ["listStaffEntityModules", "The entity's modules"],
    },
  },
  {
    tag: "entities/members",
    description:
      "An entity's members (clients): the list, registration by form or CSV, approval and removal.",
    operations: {
      "GET /api/staff/:workspace/users": ["listMembers", "The entity's members"],
      "GET /api/staff/:workspace/users/:id": ["getMember", "One accepted member"],
      "POST /api/staff/:workspace/users/validate": [
        "validateMembers",
        "Check member rows before registering them",
      ],
      "POST /api/staff/:workspace/users/csv": [
        "readMembersCsv",
        "Read an uploaded member CSV into checked rows",
        { upload: { field: "file", types: ["text/csv"], maxBytes: 2 * 1024 * 1024 } },
      ],
      "POST /api/staff/:workspace/users/register": [
        "registerMembers",
        "Invite or register members",
        { errors: [409, 429] },
      ],
      "DELETE /api/staff/:workspace/users/:id": [
        "removeMember",
        "End a membership and forget what the entity holds about the person",
      ],
      "POST /api/staff/:workspace/users/:id/approval": [
        "approveMember",
        "Approve a person's request to join",
        CONFLICT,
      ],
      "PUT /api/staff/:workspace/users/:id/approval": [
        "declineMember",
        "Decline a person's request to join",
        CONFLICT,
      ],
      "POST /api/staff/:workspace/users/:id/disable": ["disableMember", "Pause a member's membership"],
      "POST /api/staff/:workspace/users/:id/enable": ["enableMember", "Resume a member's membership"],
    },
  },
  {
    tag: "entities/session",
    description: "A staff member's workspaces and signing in to one.",
    operations: {
      "GET /api/staff/entities": [
        "listStaffWorkspaces",
        "The entities the signed-in person is accepted staff of",
      ],
      "POST /api/staff/:workspace/login": ["staffLogin", "Enter an entity's workspace as its staff"],
    },
  },
  {
    tag: "vitals",
    description: "Band data uploads, and how long raw samples are kept.",
    operations: {
      "GET /api/user/vitals/retention": [
        "getOwnRawRetention",
        "How long one's raw band samples are kept, and what retention removed",
      ],
      "GET /api/admin/vitals/retention": [
        "getRawRetentionDefaults",
        "The server's raw-sample retention default and the bounds of an entity's setting",
      ],
      "POST /api/user/vitals": [
        "uploadVitals",
        "Upload a batch of band samples and sleep records",
        {
          description:
            "Each sample is `{code, time, value}` (`code`: the measure's 8-digit code, e.g. 00005091 heart rate; " +
            "`time`: ISO 8601 with its offset, or epoch seconds), each sleep record `{start, end, stage}`. Samples " +
            "are checked one by one: the answer counts the accepted and the duplicates (a retried batch stores " +
            "nothing twice) and lists each rejected one by its index with the reason.",
          example: BAND_UPLOAD_EXAMPLE,
        },
      ],
    },
  },
  {
    tag: "reports",
    description: "Vital data reports and their downloads, for clients, staff and administrators.",
    operations: {
      "GET /api/user/reports/resq_band": [
        "listOwnReports",
        "The signed-in person's reports",
        REPORT_EXAMPLES.listOwnReports,
      ],
      "GET /api/user/reports/resq_band/:id": [
        "getOwnReport",
        "One of one's reports over a window",
        REPORT_EXAMPLES.getOwnReport,
      ],
      "GET /api/user/reports/resq_band/:id/download": [
        "downloadOwnReport",
        "Download one's report data as CSV",
        { produces: CSV },
      ],
      "GET /api/staff/:workspace/reports_v2/kpis": [
        "getStaffReportKpis",
        "The entity's KPI tiles",
        REPORT_EXAMPLES.getStaffReportKpis,
      ],
      "GET /api/staff/:workspace/reports_v2/:reportId": [
        "getStaffReport",
        "A report over the entity's members",
        REPORT_EXAMPLES.getStaffReport,
      ],
      "POST /api/staff/:workspace/reports_v2/:reportId": [
        "setReportRanges",
        "Set the entity's ranges of a report",
        REPORT_EXAMPLES.setReportRanges,
      ],
      "POST /api/staff/:workspace/reports_v2/:reportId/tuning/:uid": [
        "setMemberTuning",
        "Set a member's own ranges of a report",
      ],
      "PUT /api/staff/:workspace/reports_v2/:reportId/tuning/:uid": [
        "resetMemberTuning",
        "Put a member's ranges back to the entity's",
      ],
      "GET /api/staff/:workspace/reports/:reportId/:uid": ["getMemberReport", "A report over one member"],
      "GET /api/staff/:workspace/reports/:reportId/:uid/download": [
        "downloadMemberReport",
        "Download a member's report data as CSV",
        { produces: CSV },
      ],
      "GET /api/admin/users/data/download": [
        "adminDownloadAllData",
        "Download every person's band data (CSV or JSON)",
        { produces: ["text/csv", "application/json"] },
      ],
      "GET /api/admin/users/data/:uid/download": [
        "adminDownloadUserData",
        "Download one person's band data (CSV or JSON)",
        { produces: ["text/csv", "application/json"] },
      ],
    },
  },
  {
    tag: "forms",
    description: "Questionnaires: the question bank, forms, sends and schedules, and members' answers.",
    operations: {
      "GET /api/staff/question_types": ["listQuestionTypes", "The question types"],
      "GET /api/staff/questions": ["listQuestions", "The entity's question bank"],
      "POST /api/staff/questions": ["createQuestion", "Add a question to the bank"],
      "PUT /api/staff/questions/:id": ["updateQuestion", "Change a bank question"],
      "DELETE /api/staff/questions/:id": ["deleteQuestion", "Delete a bank question"],
      "GET /api/staff/:workspace/forms": ["listForms", "The entity's forms"],
      "PUT /api/staff/:workspace/forms": ["duplicateForm", "Copy a form under a new name"],
      "POST /api/staff/:workspace/forms": [
        "createForm",
        "Create a form, sent at once when it names members",
        CONFLICT,
      ],
      "GET /api/staff/:workspace/forms/:id": ["getForm", "One form with its questions"],
      "PUT /api/staff/:workspace/forms/:id": ["updateForm", "Change a form", CONFLICT],
      "POST /api/staff/:workspace/forms/:id": ["sendForm", "Send a form to members", CONFLICT],
      "DELETE /api/staff/:workspace/forms/:id": ["deleteForm", "Delete a form"],
      "GET /api/staff/:workspace/forms/:id/summary": ["getFormSummary", "A form's answers summed up"],
      "GET /api/staff/:workspace/forms/:id/download": [
        "downloadFormAnswers",
        "Download a form's answers as CSV",
        { produces: CSV },
      ],
      "GET /api/user/forms": ["listOwnForms", "The forms sent to the signed-in person"],
      "GET /api/user/forms/:id/history": ["getOwnFormHistory", "One's sends and answers of a form"],
      "GET /api/user/forms/:id/:sent_order/answer": ["getOwnAnswer", "One's answer to a send"],
      "POST /api/user/forms/:id/:sent_order/answer": ["answerForm", "Answer a send", CONFLICT],
      "DELETE /api/user/forms/:id/:sent_order/answer": ["deleteOwnAnswer", "Withdraw one's answer"],
      "GET /api/staff/forms/:id/:sent_order/answers/:user_id": [
        "getMemberAnswer",
        "A member's answer to a send",
      ],
      "DELETE /api/staff/forms/:id/:sent_order/answers/:user_id": [
        "deleteMemberAnswer",
        "Delete a member's answer",
      ],
      "GET /api/staff/:workspace/forms/:id/schedules": ["listFormSchedules", "A form's recurring sends"],
      "POST /api/staff/:workspace/forms/:id/schedules": [
        "createFormSchedule",
        "Add a recurring send",
        CONFLICT,
      ],
      "PUT /api/staff/:workspace/forms/:id/schedules/:scheduleId": [
        "updateFormSchedule",
        "Change a recurring send",
        CONFLICT,
      ],
      "DELETE /api/staff/:workspace/forms/:id/schedules/:scheduleId": [
        "deleteFormSchedule",
        "Delete a recurring send",
      ],
    },
  },
  {
    tag: "alerts",
    description: "Alerts (wire name: notifications): settings, the list, acknowledgement and downloads.",
    operations: {
      "GET /api/staff/:workspace/entity": ["getAlertEntity", "The entity's alert settings summary and lock"],
      "POST /api/staff/:workspace/lock_notification": [
        "lockAlertSettings",
        "Lock or unlock the entity's alert settings",
      ],
      "GET /api/staff/:workspace/notification_settings/:type": [
        "getAlertSettings",
        "The alert settings of a measure",
      ],
      "POST /api/staff/:workspace/notification_settings/:type": [
        "setAlertSettings",
        "Change the alert settings of a measure",
        CONFLICT,
      ],
      "GET /api/staff/:workspace/notification_sync_settings": [
        "getSyncAlertSettings",
        "The out-of-sync alert settings",
      ],
      "POST /api/staff/:workspace/notification_sync_settings": [
        "setSyncAlertSettings",
        "Change the out-of-sync alert settings",
        CONFLICT,
      ],
      "PUT /api/staff/:workspace/notification_email": [
        "setAlertMailSettings",
        "Change who gets alert mails",
        CONFLICT,
      ],
      "GET /api/staff/:workspace/notifications": ["listAlerts", "The entity's alerts"],
      "GET /api/staff/:workspace/notifications/unseen": [
        "countUnseenAlerts",
        "How many alerts the caller has not seen",
      ],
      "POST /api/staff/:workspace/notifications/seen": ["markAlertsSeen", "Mark alerts seen"],
      "POST /api/staff/:workspace/notifications/:id/acknowledge": [
        "acknowledgeAlert",
        "Acknowledge an alert",
        CONFLICT,
      ],
      "DELETE /api/staff/:workspace/notifications/:id": ["deleteAlert", "Delete an alert"],
      "GET /api/staff/:workspace/heat_illness_record": [
        "getHeatIllnessRecord",
        "The heat-illness record (JSON or CSV)",
        { produces: ["application/json", "text/csv"] },
      ],
      "GET /api/admin/:workspace/notifications": [
        "adminDownloadAlerts",
        "Download an entity's alerts as CSV",
        { produces: CSV },
      ],
    },
  },
  {
    tag: "data-items",
    description: "Personal data items: the catalogue, a member's answers, files and shares, and staff reads.",
    operations: {
      "GET /api/user/data": ["listOwnDataItems", "The signed-in person's data items"],
      "GET /api/user/data/:id/detail": ["getOwnDataItem", "One of one's data items with its answers"],
      "GET /api/user/data/:id/entities": ["listDataItemShares", "The entities a data item is shared with"],
      "POST /api/user/data/:id/entities/:workspace_name": [
        "shareDataItem",
        "Share a data item with an entity",
      ],
      "DELETE /api/user/data/:id/entities/:workspace_name": [
        "unshareDataItem",
        "Stop sharing a data item with an entity",
      ],
      "POST /api/user/questions/:questionId/answer": [
        "answerDataItem",
        "Answer a data item's question",
        CONFLICT,
      ],
      "DELETE /api/user/data/:id/answers/:answerId": [
        "deleteDataItemAnswer",
        "Delete one of one's data item answers",
      ],
      "POST /api/user/data/:id/images": [
        "uploadDataItemFile",
        "Upload an image or PDF to a data item",
        { upload: IMAGE_UPLOAD, errors: [409] },
      ],
      "GET /api/user/data/:id/images/:imageId": ["getDataItemFile", "One of one's uploaded files (base64)"],
      "DELETE /api/user/data/:id/images/:imageId": [
        "deleteDataItemFile",
        "Delete one of one's uploaded files",
      ],
      "GET /api/user/data/:id/views": ["listDataItemViews", "Who of which entity read a data item"],
      "GET /api/staff/:workspace/user/:id/data": ["listMemberDataItems", "A member's shared data items"],
      "GET /api/staff/:workspace/data/:dataId/user/:userId": [
        "getMemberDataItem",
        "A member's shared data item",
      ],
      "GET /api/staff/:workspace/data/:dataId/user/:userId/images": [
        "listMemberDataItemFiles",
        "The files of a member's shared data item",
      ],
      "POST /api/staff/:workspace/data/:dataId/user/:userId/images": [
        "uploadMemberDataItemFile",
        "Upload an image or PDF to a member's data item",
        { upload: IMAGE_UPLOAD, errors: [409] },
      ],
      "GET /api/staff/:workspace/data/:dataId/user/:userId/images/:imageId": [
        "getMemberDataItemFile",
        "A file of a member's shared data item (base64)",
      ],
      "GET /api/admin/data-types": ["listDataTypes", "The data item catalogue"],
      "POST /api/admin/data-types": ["createDataType", "Add a data item type", CONFLICT],
      "PUT /api/admin/data-types/:id": ["updateDataType", "Change a data item type", CONFLICT],
      "DELETE /api/admin/data-types/:id": ["deleteDataType", "Delete a data item type", CONFLICT],
    },
  },
  {
    tag: "board",
    description: "The staff watch board and snoozes.",
    operations: {
      "GET /api/staff/:workspace/board": [
        "getBoard",
        "The watch board: members out of green, sync gaps, open alerts and wear",
      ],
      "POST /api/staff/:workspace/snoozes": ["createSnooze", "Snooze a member's measure"],
      "DELETE /api/staff/:workspace/snoozes/:id": ["endSnooze", "End a snooze"],
    },
  },
  {
    tag: "dev-mailbox",
    description: "The development mailbox (only without SMTP outside production).",
    operations: {
      "GET /api/dev-mailbox": ["listMailbox", "The mails addressed to the signed-in person"],
      "GET /api/dev-mailbox/:id": ["getMail", "One mail of the development mailbox"],
    },
  },
  {
    tag: "events",
    description: "Live updates for an open staff page (server-sent events).",
    operations: {
      "GET /api/staff/:workspace/events": [
        "streamEntityEvents",
        "A stream of the entity's change events",
        { produces: ["text/event-stream"], errors: [429, 503] },
      ],
    },
  },
  {
    tag: "access-audit",
    description: "The access audit: who read whose health data.",
    operations: {
      "GET /api/admin/access-audit": ["searchAccessAudit", "Search the access audit"],
      "GET /api/admin/access-audit/download": [
        "downloadAccessAudit",
        "Download the access audit as CSV",
        { produces: CSV },
      ],
      "GET /api/user/access-audit": ["listOwnAccessAudit", "Who read the signed-in person's data"],
    },
  },
  {
    tag: "account-deletion",
    description: "Closing an account and its deletion after the grace period.",
    operations: {
      "POST /api/user/account/deletion": [
        "closeOwnAccount",
        "Close one's own account (deleted after the grace period)",
        CONFLICT,
      ],
      "POST /api/admin/users/:uid/deletion": ["adminCloseAccount", "Close a person's account", CONFLICT],
    },
  },
  {
    tag: "webhooks",
    description:
      "Signed webhooks: an entity's endpoints, secrets, tests and delivery log (docs/webhooks.md).",
    operations: {
      "GET /api/staff/:workspace/webhooks": ["listWebhooks", "The entity's webhook endpoints"],
      "POST /api/staff/:workspace/webhooks": ["createWebhook", "Add a webhook endpoint", CONFLICT],
      "PUT /api/staff/:workspace/webhooks/:id": ["updateWebhook", "Change a webhook endpoint", CONFLICT],
      "DELETE /api/staff/:workspace/webhooks/:id": ["deleteWebhook", "Delete a webhook endpoint", CONFLICT],
      "POST /api/staff/:workspace/webhooks/:id/secret": [
        "rotateWebhookSecret",
        "Replace a webhook endpoint's secret",
        CONFLICT,
      ],
      "POST /api/staff/:workspace/webhooks/:id/test": ["testWebhook", "Send a test event to an endpoint"],
      "GET /api/staff/:workspace/webhooks/:id/deliveries": [
        "listWebhookDeliveries",
        "An endpoint's delivery log",
      ],
      "GET /api/entities/:workspace/webhooks": ["adminListWebhooks", "An entity's webhook endpoints"],
      "POST /api/entities/:workspace/webhooks": [
        "adminCreateWebhook",
        "Add a webhook endpoint to an entity",
        CONFLICT,
      ],
      "PUT /api/entities/:workspace/webhooks/:id": [
        "adminUpdateWebhook",
        "Change an entity's webhook endpoint",
      ],
      "DELETE /api/entities/:workspace/webhooks/:id": [
        "adminDeleteWebhook",
        "Delete an entity's webhook endpoint",
      ],
      "POST /api/entities/:workspace/webhooks/:id/secret": [
        "adminRotateWebhookSecret",
        "Replace an entity's webhook secret",
      ],
      "POST /api/entities/:workspace/webhooks/:id/test": [
        "adminTestWebhook",
        "Send a test event to an entity's endpoint",
      ],
      "GET /api/entities/:workspace/webhooks/:id/deliveries": [
        "adminListWebhookDeliveries",
        "An entity endpoint's delivery log",
      ],
    },
  },
  {
    tag: "consents",
    description: "Consent history and accepting the current terms and privacy policy.",
    operations: {
      "GET /api/user/consents": ["listOwnConsents", "The signed-in person's consent history"],
      "GET /api/user/consents/status": ["getConsentStatus", "Whether the current terms need accepting"],
      "POST /api/user/consents/accept": ["acceptTerms", "Accept the current terms and privacy policy"],
    },
  },
  {
    tag: "personal-export",
    description: "Export my data: a ZIP of everything about the person.",
    operations: {
      "GET /api/user/export": [
        "exportOwnData",
        "Download all one's data as a ZIP (CSV and FHIR R4)",
        { produces: ["application/zip"], errors: [409, 429] },
      ],
    },
  },
];
