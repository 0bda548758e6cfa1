/**
 * The staff area's feature strings: one chunk, loaded with the area's layout (areaStrings.ts). Its role folder in
 * every domain (`features/<domain>/staff/`), what the roles of a domain share (`features/<domain>/common/`) and the
 * domains every role uses alike.
 */
export default import.meta.glob<Record<string, unknown>>(
  [
    "../../features/*/staff/**/i18n/*.json",
    "../../features/*/common/**/i18n/*.json",
    "../../features/consents/i18n/*.json",
    "../../features/personal-export/i18n/*.json",
    "../../features/account-deletion/i18n/*.json",
  ],
  { eager: true, import: "default" },
);
