/** The band app's chart view: the report strings only (areaStrings.ts). */
export default import.meta.glob<Record<string, unknown>>("../../features/reports-common/i18n/*.json", {
  eager: true,
  import: "default",
});
