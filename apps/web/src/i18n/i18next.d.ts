import "i18next";
import type en from "./en.json";

/** Feature string files (`features/<area>/<screens>/i18n/en.json`) are added here, one line each, under their key. */
interface FeatureStrings {
  "admin-entities": typeof import("../features/admin/entities/i18n/en.json");
  "admin-users": typeof import("../features/admin/users/i18n/en.json");
  "client-entities": typeof import("../features/client/entities/i18n/en.json");
  "staff-staffs": typeof import("../features/staff/staffs/i18n/en.json");
  "staff-users": typeof import("../features/staff/users/i18n/en.json");
  "staff-modules": typeof import("../features/staff/modules/i18n/en.json");
  "reports-common": typeof import("../features/reports-common/i18n/en.json");
  "staff-forms": typeof import("../features/staff/forms/i18n/en.json");
  "staff-questions": typeof import("../features/staff/questions/i18n/en.json");
  "forms-common": typeof import("../features/forms-common/i18n/en.json");
  "client-forms": typeof import("../features/client/forms/i18n/en.json");
  "staff-forms-answers": typeof import("../features/staff/forms/answers/i18n/en.json");
  "staff-notifications": typeof import("../features/staff/notifications/i18n/en.json");
  "staff-notification-settings": typeof import("../features/staff/notification-settings/i18n/en.json");
  "data-common": typeof import("../features/data-common/i18n/en.json");
  "client-data": typeof import("../features/client/data/i18n/en.json");
  "staff-user-detail": typeof import("../features/staff/user-detail/i18n/en.json");
  "admin-data-types": typeof import("../features/admin/data-types/i18n/en.json");
  "mailbox-common": typeof import("../features/mailbox-common/i18n/en.json");
  "staff-board": typeof import("../features/staff/board/i18n/en.json");
  "audit-common": typeof import("../features/audit-common/i18n/en.json");
  "client-access-audit": typeof import("../features/client/access-audit/i18n/en.json");
  "admin-access-audit": typeof import("../features/admin/access-audit/i18n/en.json");
  "privacy-consents": typeof import("../features/privacy/consents/i18n/en.json");
  "privacy-deletion": typeof import("../features/privacy/deletion/i18n/en.json");
  "privacy-export": typeof import("../features/privacy/export/i18n/en.json");
  "staff-webhooks": typeof import("../features/staff/webhooks/i18n/en.json");
  "webhooks-common": typeof import("../features/webhooks-common/i18n/en.json");
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en & FeatureStrings };
  }
}
