import "i18next";
import type en from "./en.json";

/** Feature string files (`features/<area>/i18n/en.json`) are added here, one line each, under their area. */
type FeatureStrings = {};

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en & FeatureStrings };
  }
}
