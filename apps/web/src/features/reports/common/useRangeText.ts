import { type Direction, localeOf, type ZoneRange, zoneColours } from "@mimamori/shared";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n/useLanguage";

/** A text reading of a range: which values are green, yellow and red (the sliders' and the chart's). */
export function useRangeText() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (range: ZoneRange, direction: Direction, unit: string) => {
    const n = (v: number) => new Intl.NumberFormat(localeOf(language)).format(v);
    const [c0, c1, c2] = zoneColours(direction);
    return t("reports-common.ranges.reading", {
      first: t(`reports-common.zone.${c0}`),
      second: t(`reports-common.zone.${c1}`),
      third: t(`reports-common.zone.${c2}`),
      a: n(range[1]),
      b: n(range[2]),
      unit,
    });
  };
}
