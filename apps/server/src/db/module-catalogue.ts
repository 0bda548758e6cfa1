import type { Db } from "./client";
import { moduleOptions, modules } from "./schema";

const period = (base: number) => [
  { id: base + 1, jp: "日次", en: "Daily" },
  { id: base + 2, jp: "週次", en: "Weekly" },
  { id: base + 3, jp: "月次", en: "Monthly" },
];

/**
 * The KPI modules of spec §3: three named ones and, for the two placeholders, definitions of ours
 * (form response rate, out-of-sync members). Ids are stable: subscriptions refer to them.
 */
export const MODULE_CATALOGUE = [
  {
    id: 1,
    code: "equipping-ratio",
    jp: ["装着率", "期間中にバンドのデータが同期されたメンバーの割合です。"],
    en: ["Equipping ratio", "Share of members whose band synchronised data during the period."],
    options: period(100),
  },
  {
    id: 2,
    code: "red-zone-rate",
    jp: ["レッドゾーン率", "期間中にいずれかの測定値がレッドゾーンに入ったメンバーの割合です。"],
    en: ["Red zone rate", "Share of members with a measurement in the red zone so far in the period."],
    options: period(200),
  },
  {
    id: 3,
    code: "yellow-zone-rate",
    jp: ["イエローゾーン率", "期間中にいずれかの測定値がイエローゾーンに入ったメンバーの割合です。"],
    en: ["Yellow zone rate", "Share of members with a measurement in the yellow zone so far in the period."],
    options: period(300),
  },
  {
    id: 4,
    code: "form-response-rate",
    jp: ["フォーム回答率", "送信したフォームのうち、回答されたものの割合です。"],
    en: ["Form response rate", "Share of sent forms that have been answered."],
    options: [
      { id: 401, jp: "すべてのフォーム", en: "All forms" },
      { id: 402, jp: "デフォルトのフォームのみ", en: "Default form only" },
    ],
  },
  {
    id: 5,
    code: "out-of-sync-members",
    jp: ["未同期メンバー数", "一定時間以上バンドのデータが同期されていないメンバーの数です。"],
    en: ["Out-of-sync members", "Number of members whose band has not synchronised for a set time."],
    options: [
      { id: 501, jp: "12時間", en: "12 hours" },
      { id: 502, jp: "24時間", en: "24 hours" },
      { id: 503, jp: "48時間", en: "48 hours" },
    ],
  },
] as const;

/** Writes the catalogue into the database (insert or update); run after every migration. */
export async function syncModuleCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [i, m] of MODULE_CATALOGUE.entries()) {
      const row = {
        id: m.id,
        code: m.code,
        nameJp: m.jp[0],
        descriptionJp: m.jp[1],
        nameEn: m.en[0],
        descriptionEn: m.en[1],
        sortOrder: i + 1,
      };
      await tx.insert(modules).values(row).onConflictDoUpdate({ target: modules.id, set: row });
      for (const [j, o] of m.options.entries()) {
        const opt = { id: o.id, moduleId: m.id, textJp: o.jp, textEn: o.en, sortOrder: j + 1 };
        await tx.insert(moduleOptions).values(opt).onConflictDoUpdate({ target: moduleOptions.id, set: opt });
      }
    }
  });
}
