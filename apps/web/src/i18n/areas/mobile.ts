/** The band app's chart view: the report strings and the acceptance of new terms (areaStrings.ts). */
export default import.meta.glob<Record<string, unknown>>(
  ["../../features/reports-common/i18n/*.json", "../../features/privacy/consents/i18n/*.json"],
  { eager: true, import: "default" },
);
