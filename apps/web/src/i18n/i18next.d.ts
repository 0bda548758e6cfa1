import "i18next";
import type en from "./en.json";

/** Feature string files (`features/<domain>/<role or part>/i18n/en.json`) are added here, one line each, under their key. */
interface FeatureStrings {
  "access-audit-admin": typeof import("../features/access-audit/admin/i18n/en.json");
  "access-audit-client": typeof import("../features/access-audit/client/i18n/en.json");
  "access-audit-common": typeof import("../features/access-audit/common/i18n/en.json");
  "account-deletion": typeof import("../features/account-deletion/i18n/en.json");
  "admin-data-types": typeof import("../features/admin/data-types/i18n/en.json");
  "admin-users": typeof import("../features/admin/users/i18n/en.json");
  "alerts-staff": typeof import("../features/alerts/staff/i18n/en.json");
  "alerts-staff-settings": typeof import("../features/alerts/staff/settings/i18n/en.json");
  "board-staff": typeof import("../features/board/staff/i18n/en.json");
  consents: typeof import("../features/consents/i18n/en.json");
  "data-items-client": typeof import("../features/data-items/client/i18n/en.json");
  "data-items-common": typeof import("../features/data-items/common/i18n/en.json");
  "dev-mailbox-common": typeof import("../features/dev-mailbox/common/i18n/en.json");
  "entities-admin": typeof import("../features/entities/admin/i18n/en.json");
  "entities-client": typeof import("../features/entities/client/i18n/en.json");
  "entities-staff-modules": typeof import("../features/entities/staff/modules/i18n/en.json");
  "entities-staff-staffs": typeof import("../features/entities/staff/staffs/i18n/en.json");
  "entities-staff-user-detail": typeof import("../features/entities/staff/user-detail/i18n/en.json");
  "entities-staff-users": typeof import("../features/entities/staff/users/i18n/en.json");
  "forms-client": typeof import("../features/forms/client/i18n/en.json");
  "forms-common": typeof import("../features/forms/common/i18n/en.json");
  "forms-staff": typeof import("../features/forms/staff/i18n/en.json");
  "forms-staff-answers": typeof import("../features/forms/staff/answers/i18n/en.json");
  "forms-staff-questions": typeof import("../features/forms/staff/questions/i18n/en.json");
  "personal-export": typeof import("../features/personal-export/i18n/en.json");
  "reports-common": typeof import("../features/reports/common/i18n/en.json");
  "webhooks-common": typeof import("../features/webhooks/common/i18n/en.json");
  "webhooks-staff": typeof import("../features/webhooks/staff/i18n/en.json");
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en & FeatureStrings };
  }
}
