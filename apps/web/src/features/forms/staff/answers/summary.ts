import { type AnswerDistribution, type FormSummaryStats, type Language, localeOf } from "@mimamori/shared";
import { formatDateValue } from "../../common/answerValues";

type QuestionSummary = FormSummaryStats["questions"][number];

export interface OptionShare {
  order: number;
  text: string;
  count: number;
  /** The part of the question's answers that chose this option (0…1; a multiple-choice sum may exceed 1). */
  share: number;
}

/**
 * A choice question's options in their order, each with its share of the question's answers; the bar of the
 * summary chart is drawn from `share` (0 when nobody answered the question).
 */
export function optionShares(q: Pick<QuestionSummary, "answers" | "options">): OptionShare[] {
  return [...q.options]
    .sort((a, b) => a.order - b.order)
    .map((o) => ({ ...o, share: q.answers > 0 ? Math.min(1, o.count / q.answers) : 0 }));
}

type TextAnswer = NonNullable<QuestionSummary["texts"]>["items"][number];

/** Text for searching: NFKC (full-width letters and digits match their half-width forms), lower case. */
const searchable = (s: string) => s.normalize("NFKC").toLocaleLowerCase();

/** The listed free-text answers that contain every word of `query` (all of them for an empty query). */
export function matchingTexts(items: TextAnswer[], query: string): TextAnswer[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (!words.length) return items;
  return items.filter((i) => {
    const text = searchable(i.text);
    return words.every((w) => text.includes(w));
  });
}

export interface DistributionBar {
  key: string;
  label: string;
  count: number;
  /** The bar's length: the count against the largest count (0…1). */
  share: number;
}

/**
 * The bars of a date or time distribution in order: days in the language's date form, months as
 * "2026/11" / "Nov 2026", hours as "22:00–22:59"; each bar's length relative to the largest count.
 */
export function distributionBars(d: AnswerDistribution, language: Language): DistributionBar[] {
  const top = Math.max(0, ...d.buckets.map((b) => b.count));
  return d.buckets.map((b) => ({
    key: b.key,
    label: bucketLabel(d.unit, b.key, language),
    count: b.count,
    share: top > 0 ? b.count / top : 0,
  }));
}

function bucketLabel(unit: AnswerDistribution["unit"], key: string, language: Language): string {
  if (unit === "hour") return `${key}:00–${key}:59`;
  if (unit === "day") return formatDateValue(key, language);
  const [y, m] = key.split("-").map(Number) as [number, number];
  if (!y || !m) return key;
  return new Intl.DateTimeFormat(localeOf(language), {
    year: "numeric",
    month: language === "jp" ? "2-digit" : "short",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, 1)));
}
