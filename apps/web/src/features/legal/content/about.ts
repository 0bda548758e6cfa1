import type { Language } from "@mimamori/shared";
import type { LegalDocument } from "./types";

export const about: Record<Language, LegalDocument> = {
  jp: {
    title: "Mimamoriについて",
    updated: "2023年2月6日 更新",
    intro: [
      "Mimamori（みまもり）は、腕に着けるウェアラブルバンドで計測した生体データをもとに、団体が所属するメンバーの体調をやさしく見守るためのウェブアプリケーションです。",
      "離れていても、一人ひとりの「いつもと違う」に早く気付けるように。本サービスは、そのような思いから Mimamori株式会社（東京）が開発・運営しています。",
    ],
    sections: [
      {
        title: "ご利用いただく方",
        paragraphs: [
          "団体（エンティティ）：企業、学校、介護事業所、スポーツチームなど、メンバーの健康を見守りたい組織です。団体ごとにワークスペースが用意され、情報は団体ごとに分けて管理されます。",
          "スタッフ：団体に所属し、メンバーごとのレポートを確認したり、問診票などのフォームを送付したりして、日々の見守りを行う方です。",
          "クライアント（バンド装着者）：バンドを着けて生活する方です。ご自身のレポートをいつでも確認でき、団体への参加、フォームへの回答、個人データの共有の開始・停止を自分で選ぶことができます。",
          "管理者：団体の作成や設定、スタッフの管理を行う方です。",
        ],
      },
      {
        title: "計測・表示する情報",
        paragraphs: [
          "バンドからは、心拍数、皮膚温度、血中酸素濃度、呼吸数、血圧、歩数を計測します。",
          "これらの計測値をもとに、暑熱ストレス、心拍変動（HRV）、睡眠、ストレイン（身体負荷）のスコアを算出します。また、問診票の回答からメランコリー（気分の落ち込み）のスコアを算出します。",
          "情報は日・週・月単位のグラフやレポートとして表示され、ご本人と、ご本人が参加している団体のスタッフだけが確認できます。",
        ],
      },
      {
        title: "医療機器ではありません",
        paragraphs: [
          "Mimamori及び対応するバンドは医療機器ではなく、病気の診断、治療又は予防を目的としたものではありません。表示される数値やスコアは、日常の体調管理の参考としてご利用ください。",
          "計測値は、バンドの着け方や体の動き、周囲の環境などによって実際の値と異なる場合があります。体調に不安があるときは医師にご相談ください。緊急の場合は、ためらわずに救急（119番）へ連絡してください。",
        ],
      },
      {
        title: "バージョン情報",
        paragraphs: [
          "インターフェースのバージョン：1.14.0",
          "対応言語：日本語、英語",
          "提供：Mimamori株式会社（日本国 東京都）",
        ],
      },
      {
        title: "お問い合わせ",
        paragraphs: [
          "本サービスに関するご質問やご意見は、support@mimamori.example までお寄せください。",
          "個人情報の取扱いに関するお問い合わせは、privacy@mimamori.example までご連絡ください。",
        ],
      },
    ],
  },
  en: {
    title: "About Mimamori",
    updated: "Updated: 6 February 2023",
    intro: [
      "Mimamori (“watching over” in Japanese) is a web application that helps organisations gently watch over the well-being of their members, based on vital data measured by a wearable band worn on the wrist.",
      "We want people to notice early when someone is “not their usual self”, even from a distance. With this in mind, Mimamori is developed and operated by Mimamori Inc. in Tokyo.",
    ],
    sections: [
      {
        title: "Who Uses Mimamori",
        paragraphs: [
          "Entities: companies, schools, care providers, sports teams and other organisations that want to look after their members' health. Each entity has its own workspace, and information is kept separate for each entity.",
          "Staff: people who belong to an entity and watch over members day to day, for example by checking each member's reports and sending questionnaires and other forms.",
          "Clients (band wearers): people who wear the band in daily life. They can check their own reports at any time and decide for themselves whether to join entities, answer forms, and start or stop sharing their personal data.",
          "Admins: people who create and configure entities and manage their staff.",
        ],
      },
      {
        title: "What We Measure and Show",
        paragraphs: [
          "The band measures heart rate, skin temperature, blood oxygen, respiration, blood pressure and steps.",
          "From these measurements we calculate heat stress, heart rate variability (HRV), sleep and strain (physical load) scores. We also calculate a melancholy (low mood) score from questionnaire answers.",
          "The information is shown as daily, weekly and monthly graphs and reports, and can be seen only by the wearer and by staff of the entities the wearer has joined.",
        ],
      },
      {
        title: "Not a Medical Device",
        paragraphs: [
          "Mimamori and its compatible bands are not medical devices and are not intended to diagnose, treat or prevent any disease. Please use the figures and scores shown as a reference for managing your everyday health.",
          "Measurements may differ from actual values depending on how the band is worn, body movement, the surrounding environment and other factors. If you are worried about your health, please consult a doctor. In an emergency, do not hesitate to call emergency services (119 in Japan).",
        ],
      },
      {
        title: "Version Information",
        paragraphs: [
          "Interface version: 1.14.0",
          "Languages: Japanese and English",
          "Provided by: Mimamori Inc. (Tokyo, Japan)",
        ],
      },
      {
        title: "Contact",
        paragraphs: [
          "Please send questions and feedback about the Service to support@mimamori.example.",
          "For enquiries about the handling of personal information, please contact privacy@mimamori.example.",
        ],
      },
    ],
  },
};
