/** The client area's feature strings: one chunk, loaded with the area's layout (areaStrings.ts). */
export default import.meta.glob<Record<string, unknown>>(
  [
    "../../features/client/*/i18n/*.json",
    "../../features/*-common/i18n/*.json",
    "../../features/privacy/*/i18n/*.json",
  ],
  { eager: true, import: "default" },
);
