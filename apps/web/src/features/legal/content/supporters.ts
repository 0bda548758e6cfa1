import type { Language } from "@mimamori/shared";
import type { LegalDocument } from "./types";

/**
 * Supporters page. The research collaborators and pilot organisations named
 * here are fictional.
 */
export const supporters: Record<Language, LegalDocument> = {
  jp: {
    title: "サポーターの皆さま",
    updated: "2023年2月6日 更新",
    intro: [
      "Mimamoriは、多くの方々のご協力とご支援によって生まれ、育ってきました。開発に関わってくださったすべての皆さまに、心より感謝申し上げます。",
    ],
    sections: [
      {
        title: "研究協力機関",
        paragraphs: [
          "生体データの解析方法やスコアの設計にあたり、次の研究機関から専門的な知見をいただきました。",
          "青葉台医療科学大学 予防医学講座：暑熱ストレスの評価方法と、熱中症の予防に関する助言をいただきました。",
          "北辰情報工科大学 センシング工学研究室：バンドで計測した心拍数、皮膚温度、血中酸素濃度のノイズ除去と精度評価にご協力いただきました。",
          "一般社団法人 はたらく人のこころと体研究会：睡眠、心拍変動（HRV）及びメランコリースコアの問診票の設計について助言をいただきました。",
        ],
      },
      {
        title: "パイロット導入団体",
        paragraphs: [
          "正式な提供開始に先立ち、実際の現場で本サービスを試験的に導入し、率直なご意見をくださった団体の皆さまに感謝いたします。",
          "夏季の屋外作業における見守りを試行してくださった首都圏の建設会社の皆さま",
          "夜間の見守りと睡眠レポートの改善にご協力くださった介護事業所の皆さま",
          "練習時の身体負荷の可視化を一緒に検討してくださった大学運動部の皆さま",
          "そして、日々バンドを着けてフィードバックを寄せてくださったすべてのクライアントの皆さま",
        ],
      },
      {
        title: "オープンソースソフトウェア",
        paragraphs: [
          "Mimamoriは、次のオープンソースソフトウェアの上に構築されています。開発者とコミュニティの皆さまに深く感謝いたします。各ソフトウェアは、それぞれのライセンスに従って利用しています。",
          "React：ユーザーインターフェースの構築",
          "MUI：画面部品とデザインシステム",
          "Fastify：APIサーバー",
          "PostgreSQL：データベース",
          "PGlite：開発及びテスト用の組み込みPostgreSQL",
          "Drizzle ORM：データベースへのアクセスとスキーマ管理",
          "Apache ECharts：生体データのグラフ表示",
          "i18next：日本語と英語の多言語対応",
        ],
      },
      {
        title: "ご支援・ご協力について",
        paragraphs: [
          "Mimamoriでは、共同研究や実証実験にご協力いただける研究機関及び団体を募集しています。ご関心をお持ちの方は、support@mimamori.example までお気軽にご連絡ください。",
        ],
      },
    ],
  },
  en: {
    title: "Our Supporters",
    updated: "Updated: 6 February 2023",
    intro: [
      "Mimamori was born and has grown thanks to the cooperation and support of many people. We are sincerely grateful to everyone who has been involved in its development.",
    ],
    sections: [
      {
        title: "Research Collaborators",
        paragraphs: [
          "The following research bodies shared their expertise with us as we designed our methods of analysing vital data and our scores.",
          "Department of Preventive Medicine, Aobadai University of Medical Science: advice on assessing heat stress and preventing heatstroke.",
          "Sensing Engineering Laboratory, Hokushin Institute of Information Technology: help with noise reduction and accuracy evaluation for heart rate, skin temperature and blood oxygen measured by the band.",
          "Society for the Mental and Physical Health of Working People (general incorporated association): advice on sleep, heart rate variability (HRV) and the design of the melancholy score questionnaire.",
        ],
      },
      {
        title: "Pilot Organisations",
        paragraphs: [
          "We thank the organisations that trialled the Service in real workplaces before its official launch and gave us their frank opinions.",
          "Construction companies in the Tokyo area, who trialled watch-over for outdoor work in summer.",
          "Care providers, who helped us improve night-time watch-over and sleep reports.",
          "University sports clubs, who explored with us how to visualise physical load during training.",
          "And every client who wore the band day after day and sent us feedback.",
        ],
      },
      {
        title: "Open-Source Software",
        paragraphs: [
          "Mimamori is built on the following open-source software. We are deeply grateful to their developers and communities. Each is used in accordance with its own licence.",
          "React: building the user interface",
          "MUI: interface components and design system",
          "Fastify: API server",
          "PostgreSQL: database",
          "PGlite: embedded PostgreSQL for development and testing",
          "Drizzle ORM: database access and schema management",
          "Apache ECharts: charts of vital data",
          "i18next: Japanese and English localisation",
        ],
      },
      {
        title: "Supporting Mimamori",
        paragraphs: [
          "Mimamori is looking for research bodies and organisations to work with us on joint research and field trials. If you are interested, please feel free to contact us at support@mimamori.example.",
        ],
      },
    ],
  },
};
