/** The band app's chart view: its role folders, the report strings and the acceptance of new terms (areaStrings.ts). */
export default import.meta.glob<Record<string, unknown>>(
  [
    "../../features/*/mobile/**/i18n/*.json",
    "../../features/reports/common/i18n/*.json",
    "../../features/consents/i18n/*.json",
  ],
  { eager: true, import: "default" },
);
