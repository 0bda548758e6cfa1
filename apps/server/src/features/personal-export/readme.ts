import type { MyRawRetention } from "@mimamori/shared";

/** The README.txt of the export, in both languages: what each file holds. */

export const FILES = {
  readme: "README.txt",
  profile: "profile.json",
  memberships: "memberships.json",
  consents: "consents.json",
  answers: "form-answers.json",
  items: "data-items.json",
  alerts: "alerts.json",
  audit: "access-audit.json",
  samplesCsv: "vitals/samples.csv",
  sleepCsv: "vitals/sleep-segments.csv",
  fhir: "vitals/fhir-bundle.json",
  retention: "vitals/retention.json",
} as const;

/** The README's lines on raw-data retention (issue 32 §2): how long raw samples are kept and what was removed. */
function retentionText(r: MyRawRetention, lang: "jp" | "en"): string {
  const day = (iso: string) => iso.slice(0, 10);
  const n = r.removed_samples.toLocaleString("en");
  if (lang === "jp") {
    const kept = `1分ごとの生データは${r.days}日間保存され、それより古いものは自動的に削除されます。1時間・1日・1か月ごとの集計値は削除されません。`;
    return r.raw_from && r.last_removed_at
      ? `${kept}\n${day(r.raw_from)}より前の生データ（${n}件）は削除済みです（最終削除 ${r.last_removed_at}）。その期間は集計値のみが含まれます。`
      : `${kept}\nこれまでに削除された生データはありません。`;
  }
  const kept = `Raw 1-minute samples are kept ${r.days} days; older ones are removed automatically. The hourly, daily and monthly aggregates are not removed.`;
  return r.raw_from && r.last_removed_at
    ? `${kept}\nRaw samples before ${day(r.raw_from)} (${n} ${r.removed_samples === 1 ? "sample" : "samples"}) have been removed (last on ${r.last_removed_at}); for that period the export holds only the aggregates.`
    : `${kept}\nNo raw samples have been removed so far.`;
}

export function readmeText(generatedAt: string, retention: MyRawRetention): string {
  return `Mimamori — データのエクスポート / Export of your data
${generatedAt}

[日本語]
このZIPファイルには、Mimamoriがあなたについて保持しているすべてのデータが入っています。
時刻はすべてUTC（協定世界時）のISO 8601形式です。

  ${FILES.readme}                このファイル
  ${FILES.profile}               プロフィール（アカウントの項目。パスワードは含みません）
  ${FILES.memberships}           所属（組織とその役割・状態）
  ${FILES.consents}              同意の履歴（利用規約、所属、データ項目の共有、スタッフ招待）
  ${FILES.answers}           送信されたアンケートとあなたの回答
  ${FILES.items}            データ項目（回答、ファイル、共有先、スタッフの閲覧）
  data-items/files/          データ項目のファイル（画像・PDF）
  ${FILES.alerts}                あなたについてのアラート
  ${FILES.audit}          あなたのデータを誰が閲覧・ダウンロードしたか（アクセス記録）
  ${FILES.samplesCsv}         バイタルデータ（計測値ごとに1行。UTF-8 BOM付きCSV）
  ${FILES.sleepCsv}   睡眠の段階（UTF-8 BOM付きCSV）
  ${FILES.fhir}      バイタルデータ（HL7 FHIR R4 Bundle。Patient、Device、Observation）
  ${FILES.retention}     生データの保存期間と、保存期間を過ぎて削除された生データ

生データの保存期間:
${retentionText(retention, "jp")}

[English]
This ZIP file holds all the data Mimamori keeps about you.
All times are in UTC (ISO 8601).

  ${FILES.readme}                this file
  ${FILES.profile}               your profile (the account's fields; never your password)
  ${FILES.memberships}           your memberships (organisations, role and status)
  ${FILES.consents}              your consent history (terms, memberships, data-item shares, staff invitations)
  ${FILES.answers}           the questionnaires sent to you and your answers
  ${FILES.items}            your data items (answers, files, who they are shared with, staff views)
  data-items/files/          the files of your data items (images, PDFs)
  ${FILES.alerts}                the alerts about you
  ${FILES.audit}          who viewed or downloaded your data (the access record)
  ${FILES.samplesCsv}         your vital data, one line per measurement (CSV, UTF-8 with BOM)
  ${FILES.sleepCsv}   your sleep stages (CSV, UTF-8 with BOM)
  ${FILES.fhir}      your vital data as an HL7 FHIR R4 Bundle (Patient, Device, Observations)
  ${FILES.retention}     how long raw samples are kept, and what was removed after that time

Raw-data retention:
${retentionText(retention, "en")}
`.replaceAll("\n", "\r\n");
}
