import { type Language, PRIVACY_VERSION } from "@mimamori/shared";
import type { LegalDocument } from "./types";

/**
 * Privacy policy for Mimamori.
 * The Japanese original was last revised on 1 February 2021; the English version was last updated on 6 February 2023
 * (spec §9: each version carries its own date; docs/decisions.md, "Policy dates").
 */
export const privacy: Record<Language, LegalDocument> = {
  jp: {
    title: "プライバシーポリシー",
    updated: "2021年2月1日 最終改定",
    version: PRIVACY_VERSION,
    intro: [
      "Mimamori株式会社（以下「当社」といいます。）は、ウェアラブルバンド見守りサービス「Mimamori」（以下「本サービス」といいます。）において取り扱う利用者の個人情報の重要性を認識し、個人情報の保護に関する法律その他の関係法令を遵守して、以下のとおり適切に取り扱います。",
      "本サービスでは、心拍数や睡眠など健康に関わる情報を取り扱います。当社はこれらの情報を特に慎重に取り扱うべき情報と位置付け、本ポリシーに定める範囲でのみ利用します。本ポリシーで使用する用語は、特に定めのない限り、本サービスの利用規約における定義に従います。",
    ],
    sections: [
      {
        title: "1. 取得する情報",
        paragraphs: [
          "当社は、本サービスの提供にあたり、次の情報を取得します。",
          "(1) アカウント情報：氏名、メールアドレス、パスワード（不可逆的にハッシュ化した値のみを保存し、パスワードそのものは保存しません。）、表示言語の設定",
          "(2) プロフィール情報：姓名、姓名のふりがな（カナ）、電話番号、住所など、利用者がプロフィールに登録した情報",
          "(3) バンドの生体データ：心拍数、皮膚温度、血中酸素濃度、呼吸数、血圧、歩数、睡眠、暑熱ストレス、心拍変動（HRV）、ストレイン（身体負荷）のスコア、及び問診票の回答から算出されるメランコリー（気分の落ち込み）のスコア",
          "(4) フォームの回答：団体のスタッフから送付された問診票、アンケートその他のフォームに対する回答内容及び回答日時",
          "(5) 画像：プロフィール画像その他、利用者が本サービスにアップロードした画像",
          "(6) アクセスログ：IPアドレス、ブラウザの種類、端末の情報、アクセス日時、閲覧したページ、操作の履歴、エラー情報など、本サービスの利用に伴って自動的に記録される情報",
        ],
      },
      {
        title: "2. 利用目的",
        paragraphs: [
          "当社は、取得した情報を次の目的のために利用します。",
          "(1) 本サービスの提供、本人確認及びアカウントの管理のため",
          "(2) 利用者本人及び利用者が参加している団体に対し、生体データのレポート、グラフ及び通知を表示するため",
          "(3) 団体のスタッフからのフォームの送付、及び利用者の回答の集計のため",
          "(4) 利用者からのお問い合わせへの対応、及び本サービスに関する重要なお知らせの送付のため",
          "(5) 不正利用の防止、セキュリティの確保、障害の調査及び対応のため",
          "(6) 本サービスの品質の維持、改善及び新機能の開発のための統計分析を行うため",
          "(7) 第6項に定める匿名加工情報を作成し、大学及び研究機関に研究目的で提供するため",
          "(8) 利用規約に違反する行為への対応、及び法令に基づく対応のため",
          "当社は、上記の目的の範囲を超えて個人情報を利用する場合、あらかじめ利用者の同意を得ます。当社は、利用者の個人情報を広告配信の目的に利用することはありません。",
        ],
      },
      {
        title: "3. 団体との共有及び第三者への提供",
        paragraphs: [
          "利用者の生体データ、フォームの回答及びプロフィール情報は、利用者が自ら参加した団体、又は利用者が自ら共有を許可した団体に限り、当該団体の管理者及びスタッフが閲覧できます。利用者が参加していない団体や共有を許可していない団体が、利用者の情報を閲覧することはありません。",
          "クライアントは、本サービスの設定画面から、いつでも団体から脱退し、又は個人データの共有を停止することができます。脱退又は共有の停止後は、当該団体は新たに記録された情報を閲覧できなくなります。",
          "当社は、上記の団体との共有のほか、次のいずれかに該当する場合を除き、利用者の同意なく個人情報を第三者に提供しません。",
          "(1) 法令に基づく場合",
          "(2) 人の生命、身体又は財産の保護のために必要があり、本人の同意を得ることが困難である場合",
          "(3) 公衆衛生の向上のために特に必要があり、本人の同意を得ることが困難である場合",
          "(4) 国の機関若しくは地方公共団体又はその委託を受けた者が法令の定める事務を遂行することに協力する必要がある場合",
          "当社は、サーバーの運用、メールの送信などの業務の一部を外部の事業者に委託することがあります。この場合、当社は委託先と秘密保持を含む契約を締結し、委託先に対して必要かつ適切な監督を行います。",
        ],
      },
      {
        title: "4. 安全管理措置",
        paragraphs: [
          "当社は、個人情報の漏えい、滅失又は毀損を防止するため、次のような安全管理措置を講じています。",
          "(1) 通信の暗号化：本サービスとの通信はすべてTLSにより暗号化しています。",
          "(2) パスワードの保護：パスワードは不可逆的にハッシュ化して保存し、当社の従業員も元のパスワードを知ることはできません。",
          "(3) アクセス制御：団体ごとに情報を分離し、利用者の役割（管理者、スタッフ、クライアント）と参加状況に応じて閲覧できる情報を制限しています。当社内でも、業務上必要な最小限の担当者のみが個人情報にアクセスできます。",
          "(4) 組織的・人的措置：個人情報の取扱いに関する社内規程を定め、従業員に対して定期的に教育を行っています。",
          "(5) 監視と記録：アクセスログを記録し、不正なアクセスの検知に努めています。",
          "万一、個人情報の漏えい等の事故が発生した場合は、法令に従い、速やかに個人情報保護委員会への報告及び本人への通知を行います。",
        ],
      },
      {
        title: "5. Cookie及び類似技術",
        paragraphs: [
          "本サービスは、ログイン状態の維持及び画面表示のために、Cookieを使用します。本サービスが保存するCookieは次のとおりです。",
          "(1) userEmail：ログイン中の利用者のメールアドレス",
          "(2) userType：利用者の役割（管理者、スタッフ、クライアント）",
          "(3) workspace：選択中の団体（ワークスペース）の識別子",
          "(4) workspace_name：選択中の団体（ワークスペース）の名称",
          "(5) userLanguage：表示言語の設定（日本語又は英語）",
          "(6) セッションCookie：ログインの認証に用いるCookieです。httpOnly属性を付与しており、ブラウザ上のスクリプトから読み取ることはできません。",
          "本サービスは、広告を目的としたCookieや、第三者の広告事業者によるトラッキング技術を使用していません。ブラウザの設定によりCookieを無効にすることができますが、その場合は本サービスにログインできなくなります。",
        ],
      },
      {
        title: "6. 匿名加工情報の提供について",
        paragraphs: [
          "当社は、健康科学及び予防医学の研究の発展に役立てるため、特定の個人を識別できず、かつ、元の個人情報を復元できないよう加工した匿名加工情報を作成し、大学及び研究機関に研究目的で提供することがあります。",
          "匿名加工情報に含まれる情報の項目は、年齢層（年代）、登録月、皮膚温度、血中酸素濃度、心拍数、呼吸数、血圧、歩数及び睡眠です。",
          "匿名加工情報には、氏名、メールアドレス、電話番号、住所、画像、フォームの自由記述の回答その他特定の個人を識別できる情報は含まれません。",
          "提供は、暗号化した電子ファイルの送付又はアクセスを制限したサーバーからのダウンロードにより行います。当社は、提供先に対し、個人を再識別する行為の禁止及び研究目的以外での利用の禁止を契約により義務付けます。",
          "当社は、匿名加工情報の作成及び提供にあたり、法令に従って、含まれる情報の項目及び提供の方法を公表します。",
        ],
      },
      {
        title: "7. 利用者の権利",
        paragraphs: [
          "利用者は、当社が保有する自己の個人情報について、次の請求を行うことができます。",
          "(1) 開示：当社が保有する自己の個人情報の開示、及び第三者への提供の記録の開示",
          "(2) 訂正：内容が事実でない場合の訂正、追加又は削除（登録情報及びプロフィール情報の多くは、本サービスの設定画面から利用者自身で変更できます。）",
          "(3) 削除及び利用停止：個人情報の削除、利用の停止又は第三者への提供の停止",
          "(4) 退会：利用規約の定めに従い、いつでも本サービスを退会することができます。",
          "請求は、第10項のお問い合わせ窓口までご連絡ください。当社は、ご本人であることを確認した上で、法令に従い、遅滞なく対応します。",
        ],
      },
      {
        title: "8. 保存期間",
        paragraphs: [
          "当社は、個人情報を利用目的の達成に必要な期間に限り保存します。",
          "アカウント、プロフィール、生体データ、フォームの回答及び画像は、利用者が本サービスを利用している間保存し、退会後30日以内に削除し、又は特定の個人を識別できない形に加工します。",
          "アクセスログは、セキュリティの確保及び障害対応のため、取得から1年間保存した後に削除します。",
          "ただし、法令により保存が義務付けられている情報は、当該法令で定められた期間保存します。また、匿名加工情報は特定の個人を識別できないため、退会後も保存及び利用することがあります。",
        ],
      },
      {
        title: "9. 本ポリシーの変更",
        paragraphs: [
          "当社は、法令の改正や本サービスの内容の変更に応じて、本ポリシーを変更することがあります。重要な変更を行う場合は、効力発生日の相当期間前までに本サービス上でお知らせします。",
          "変更後のポリシーは、本サービス上に掲載した時点又は当社が別途定めた効力発生日から効力を生じます。",
          "改定履歴：2021年2月1日 最終改定（現行版）。英語版は2023年2月6日に更新しました。",
        ],
      },
      {
        title: "10. お問い合わせ",
        paragraphs: [
          "本ポリシー及び個人情報の取扱いに関するお問い合わせは、次の窓口までご連絡ください。",
          "Mimamori株式会社 個人情報お問い合わせ窓口",
          "所在地：日本国 東京都",
          "メールアドレス：privacy@mimamori.example",
        ],
      },
    ],
  },
  en: {
    title: "Privacy Policy",
    updated: "Last updated: 6 February 2023",
    version: PRIVACY_VERSION,
    intro: [
      "Mimamori Inc. (“we” or “us”) recognises the importance of the personal information of users handled in “Mimamori” (the “Service”), a wearable-band watch-over service, and handles it appropriately as described below, in compliance with the Act on the Protection of Personal Information and other applicable laws of Japan.",
      "The Service handles health-related information such as heart rate and sleep. We treat this information as requiring particular care and use it only as set out in this Policy. Unless defined otherwise, terms used in this Policy have the meanings given in the Terms of Use of the Service.",
    ],
    sections: [
      {
        title: "1. Information We Collect",
        paragraphs: [
          "To provide the Service, we collect the following information.",
          "(1) Account information: name, email address, password (we store only an irreversibly hashed value, never the password itself) and display language setting.",
          "(2) Profile information: information users register in their profile, such as family and given names, their kana readings, phone numbers and address.",
          "(3) Band vital data: heart rate, skin temperature, blood oxygen, respiration, blood pressure, steps, sleep, heat stress, heart rate variability (HRV), strain (physical load) scores, and melancholy (low mood) scores calculated from questionnaire answers.",
          "(4) Form answers: answers to questionnaires, surveys and other forms sent by an entity's staff, and the date and time of each answer.",
          "(5) Images: profile pictures and other images users upload to the Service.",
          "(6) Access logs: information recorded automatically when the Service is used, such as IP address, browser type, device information, access date and time, pages viewed, operation history and error information.",
        ],
      },
      {
        title: "2. Purpose of Use",
        paragraphs: [
          "We use the information we collect for the following purposes.",
          "(1) To provide the Service, verify identity and manage accounts.",
          "(2) To display reports, graphs and notifications of vital data to the user and to the entities the user has joined.",
          "(3) To deliver forms sent by an entity's staff and to compile users' answers.",
          "(4) To respond to users' enquiries and send important notices about the Service.",
          "(5) To prevent misuse, maintain security, and investigate and deal with faults.",
          "(6) To carry out statistical analysis in order to maintain and improve the quality of the Service and develop new features.",
          "(7) To create the anonymised data described in Section 6 and provide it to universities and research bodies for research.",
          "(8) To deal with breaches of the Terms of Use and to comply with laws and regulations.",
          "If we wish to use personal information beyond the purposes above, we will obtain the user's consent in advance. We never use users' personal information for advertising.",
        ],
      },
      {
        title: "3. Sharing with Entities and Provision to Third Parties",
        paragraphs: [
          "A user's vital data, form answers and profile information can be viewed by the admins and staff of an entity only if the user has joined that entity or has chosen to share data with it. Entities that the user has not joined, or has not shared data with, never see the user's information.",
          "Clients may at any time leave an entity or stop sharing their personal data from the settings screen of the Service. After leaving or stopping sharing, the entity can no longer view newly recorded information.",
          "Apart from sharing with entities as described above, we will not provide personal information to third parties without the user's consent, except in the following cases.",
          "(1) Where required by law.",
          "(2) Where it is necessary to protect a person's life, body or property and it is difficult to obtain the user's consent.",
          "(3) Where it is especially necessary to improve public health and it is difficult to obtain the user's consent.",
          "(4) Where it is necessary to cooperate with a national or local government body, or a party entrusted by one, in carrying out duties prescribed by law.",
          "We may entrust part of our work, such as server operation or sending email, to outside contractors. In that case we conclude contracts with them that include confidentiality obligations and supervise them as necessary and appropriate.",
        ],
      },
      {
        title: "4. Security Measures",
        paragraphs: [
          "To prevent the leakage, loss or damage of personal information, we take security measures such as the following.",
          "(1) Encrypted communication: all communication with the Service is encrypted using TLS.",
          "(2) Password protection: passwords are stored in an irreversibly hashed form, so that not even our employees can learn the original password.",
          "(3) Access control: information is separated by entity, and what each user can view is limited according to their role (admin, staff or client) and the entities they have joined. Within our company, too, only the minimum number of people who need it for their work can access personal information.",
          "(4) Organisational and personnel measures: we have internal rules for handling personal information and train our employees regularly.",
          "(5) Monitoring and records: we record access logs and work to detect unauthorised access.",
          "In the unlikely event of a personal-information leak or similar incident, we will promptly report it to the Personal Information Protection Commission and notify the people affected, as required by law.",
        ],
      },
      {
        title: "5. Cookies and Similar Technologies",
        paragraphs: [
          "The Service uses cookies to keep users signed in and to display screens correctly. The cookies stored by the Service are as follows.",
          "(1) userEmail: the email address of the signed-in user.",
          "(2) userType: the user's role (admin, staff or client).",
          "(3) workspace: the identifier of the currently selected entity (workspace).",
          "(4) workspace_name: the name of the currently selected entity (workspace).",
          "(5) userLanguage: the display language setting (Japanese or English).",
          "(6) Session cookie: a cookie used to authenticate the sign-in. It is marked httpOnly, so scripts running in the browser cannot read it.",
          "The Service does not use advertising cookies or tracking technologies from third-party advertisers. You can disable cookies in your browser settings, but you will then be unable to sign in to the Service.",
        ],
      },
      {
        title: "6. Anonymised Data",
        paragraphs: [
          "To help advance research in health science and preventive medicine, we may create anonymised data, processed so that no individual can be identified and the original personal information cannot be restored, and provide it to universities and research bodies for research purposes.",
          "The anonymised data contain the following items: age band, month of enrolment, skin temperature, blood oxygen, heart rate, respiration, blood pressure, steps and sleep.",
          "The anonymised data do not contain names, email addresses, phone numbers, addresses, images, free-text form answers or any other information that could identify an individual.",
          "The data are provided by sending encrypted electronic files or by download from an access-restricted server. We contractually require recipients not to attempt to re-identify any individual and not to use the data for anything other than research.",
          "When creating and providing anonymised data, we publish the items they contain and the method of provision, as required by law.",
        ],
      },
      {
        title: "7. Your Rights",
        paragraphs: [
          "Users may make the following requests concerning their own personal information held by us.",
          "(1) Access: disclosure of the personal information we hold about you and of records of its provision to third parties.",
          "(2) Correction: correction, addition or deletion where the information is not accurate (much of your registration and profile information can be changed by you on the settings screen of the Service).",
          "(3) Deletion and suspension of use: deletion of your personal information, or suspension of its use or of its provision to third parties.",
          "(4) Withdrawal: you may withdraw from the Service at any time in accordance with the Terms of Use.",
          "Please send requests to the contact in Section 10. After confirming your identity, we will respond without delay in accordance with the law.",
        ],
      },
      {
        title: "8. Retention",
        paragraphs: [
          "We keep personal information only for as long as necessary to achieve the purposes of use.",
          "Account information, profiles, vital data, form answers and images are kept while the user uses the Service, and are deleted, or processed so that no individual can be identified, within 30 days after withdrawal.",
          "Access logs are kept for one year after collection for security and fault handling, and then deleted.",
          "However, information that must be kept by law is kept for the period required by that law. Because anonymised data cannot identify any individual, they may continue to be kept and used after withdrawal.",
        ],
      },
      {
        title: "9. Changes to This Policy",
        paragraphs: [
          "We may change this Policy in response to changes in laws or in the content of the Service. We will announce important changes on the Service a reasonable period before they take effect.",
          "The revised Policy takes effect when it is posted on the Service or on any effective date we separately specify.",
          "Revision history: the Japanese original was last revised on 1 February 2021 (current version); this English version was last updated on 6 February 2023.",
        ],
      },
      {
        title: "10. Contact",
        paragraphs: [
          "For enquiries about this Policy or the handling of personal information, please contact us at:",
          "Mimamori Inc., Personal Information Enquiries",
          "Address: Tokyo, Japan",
          "Email: privacy@mimamori.example",
        ],
      },
    ],
  },
};

/**
 * Short disclosure about anonymised data, shown in a dialog at sign-up.
 * `fields` lists the nine items that may be included, in the same order in
 * both languages.
 */
export const anonymisedDataNotice: Record<
  Language,
  { title: string; paragraphs: string[]; fields: string[] }
> = {
  jp: {
    title: "匿名加工情報の提供について",
    paragraphs: [
      "Mimamori株式会社は、健康科学及び予防医学の研究に役立てるため、特定の個人を識別できないよう加工した情報（匿名加工情報）を、大学及び研究機関に研究目的で提供することがあります。",
      "提供する情報には、氏名、メールアドレス、電話番号、住所、画像など、あなたを特定できる情報は含まれません。提供される情報の項目は次のとおりです。",
      "詳しくは、プライバシーポリシーの「匿名加工情報の提供について」をご覧ください。",
    ],
    fields: [
      "年齢層（年代）",
      "登録月",
      "皮膚温度",
      "血中酸素濃度",
      "心拍数",
      "呼吸数",
      "血圧",
      "歩数",
      "睡眠",
    ],
  },
  en: {
    title: "About anonymised data",
    paragraphs: [
      "To support research in health science and preventive medicine, Mimamori Inc. may provide information processed so that no individual can be identified (anonymised data) to universities and research bodies for research purposes.",
      "The data provided never include information that could identify you, such as your name, email address, phone number, address or images. The items provided are as follows.",
      "For details, please see “Anonymised Data” in our Privacy Policy.",
    ],
    fields: [
      "Age band",
      "Month of enrolment",
      "Skin temperature",
      "Blood oxygen",
      "Heart rate",
      "Respiration",
      "Blood pressure",
      "Steps",
      "Sleep",
    ],
  },
};
