import type { Entity } from "@mimamori/shared";
import type { EntityRow } from "../../../db/entities";

export function toEntity(e: EntityRow): Entity {
  return {
    workspace_name: e.workspaceName,
    name: e.name,
    description: e.description,
    is_public: e.isPublic,
    language: e.language,
    notification_setting_status: e.notificationSettingStatus,
    created_at: e.createdAt.toISOString(),
    time_zone: e.timeZone,
    raw_retention_days: e.rawRetentionDays,
  };
}
