import { type Language, TERMS_VERSION } from "@mimamori/shared";
import type { LegalDocument } from "./types";

/**
 * Terms of use for Mimamori.
 * Both language versions are parallel: article numbers and paragraph order
 * correspond one-to-one.
 */
export const terms: Record<Language, LegalDocument> = {
  jp: {
    title: "利用規約",
    updated: "2021年2月1日 最終改定",
    version: TERMS_VERSION,
    intro: [
      "この利用規約（以下「本規約」という。）は、Mimamori株式会社（以下「当社」という。）が提供するウェアラブルバンド見守りサービス「Mimamori」（以下「本サービス」という。）の利用条件を定めるものである。",
      "利用者は、本規約の全文を読み、これに同意した上で本サービスを利用するものとする。利用者が本サービスの利用登録を行い、又は本サービスを利用した時点で、本規約に同意したものとみなす。",
    ],
    sections: [
      {
        title: "第1条（目的及び適用範囲）",
        paragraphs: [
          "1. 本規約は、本サービスの提供条件及び本サービスの利用に関する当社と利用者との間の権利義務関係を定めることを目的とする。",
          "2. 本規約は、本サービスの利用に関わる当社と利用者との間の一切の関係に適用される。",
          "3. 当社が本サービス上で随時掲示する個別の規定、ガイドライン及び注意事項（以下「個別規定」という。）は、本規約の一部を構成する。本規約と個別規定の内容が異なる場合は、個別規定に特段の定めがない限り、本規約の定めが優先する。",
        ],
      },
      {
        title: "第2条（定義）",
        paragraphs: [
          "本規約において使用する用語の意味は、次の各号に定めるとおりとする。",
          "(1)「利用者」とは、本規約に同意の上、本サービスに利用登録を行った者をいい、管理者、スタッフ及びクライアントを含む。",
          "(2)「団体」とは、本サービス上にワークスペース（エンティティ）を開設し、所属するメンバーの見守りを行う法人、組合、学校その他の組織をいう。",
          "(3)「管理者」とは、団体の作成、設定及び管理を行う権限を付与された利用者をいう。",
          "(4)「スタッフ」とは、団体に所属し、当該団体のメンバーのレポートの閲覧、フォームの送付その他の見守り業務を行う利用者をいう。",
          "(5)「クライアント」とは、バンドを装着して自らの生体データを本サービスに送信する利用者をいい、団体に参加した場合には当該団体の「メンバー」となる。",
          "(6)「バンド」とは、本サービスに対応する腕時計型のウェアラブル端末をいう。",
          "(7)「生体データ」とは、バンドにより測定又は算出される心拍数、皮膚温度、血中酸素濃度、呼吸数、血圧、歩数、暑熱ストレス、心拍変動（HRV）、睡眠及びストレイン（身体負荷）に関する情報、並びに問診票の回答から算出されるメランコリー（気分の落ち込み）スコアその他これらに類する情報をいう。",
          "(8)「フォーム」とは、スタッフが本サービスを通じてクライアントに送付する問診票、アンケートその他の質問票をいう。",
          "(9)「登録情報」とは、利用者が利用登録時又はその後に当社に提供した氏名、メールアドレスその他の情報をいう。",
          "(10)「アカウント」とは、利用者が本サービスを利用するために当社が付与する利用者識別のための権限をいう。",
        ],
      },
      {
        title: "第3条（本サービスの性質）",
        paragraphs: [
          "1. 本サービスは、団体による所属メンバーの日常的な見守り及び利用者自身の健康管理を補助するための情報提供サービスであり、医療行為又は医療サービスではない。また、本サービス及びバンドは医療機器ではない。",
          "2. 本サービスは、疾病の診断、治療、予防又は予後の判定を行うものではなく、医師その他の医療専門職による診察、診断、助言又は治療に代わるものではない。",
          "3. 本サービスで表示される数値、グラフ、スコア、通知その他の情報は参考情報にすぎない。利用者は、健康状態に関する判断を行う際には、必ず医師その他の専門家に相談するものとする。",
          "4. 体調の急変、胸の痛み、呼吸困難、意識の異常その他の緊急を要する症状がある場合、利用者は、本サービスの表示にかかわらず、直ちに救急（119番）に通報し、又は医療機関を受診するものとする。本サービスは緊急通報サービスではなく、異常を自動的に検知し、又は通報することを保証しない。",
          "5. 生体データは、バンドの装着状態、体動、周囲の環境、通信状況、電池残量その他の要因による影響を受ける。当社は、生体データの正確性、完全性、適時性及び継続性を保証しない。",
        ],
      },
      {
        title: "第4条（利用資格）",
        paragraphs: [
          "1. 本サービスへの利用登録は、日本国内に所在する者に限り行うことができる。当社は、日本国外からの利用登録の申請を受け付けず、日本国外における本サービスの利用について一切保証しない。",
          "2. 本サービスは、16歳以上の者を対象とする。16歳未満の者は、本サービスに利用登録することができない。",
          "3. 未成年者が本サービスを利用する場合は、あらかじめ親権者その他の法定代理人（以下「保護者」という。）の同意を得なければならない。未成年者が本サービスを利用した場合、当社は、当該未成年者が保護者の同意を得ているものとみなす。",
        ],
      },
      {
        title: "第5条（利用登録及び登録情報）",
        paragraphs: [
          "1. 本サービスの利用を希望する者（以下「登録希望者」という。）は、本規約に同意の上、当社所定の方法により利用登録を申請するものとする。",
          "2. 登録希望者及び利用者は、真実、正確かつ最新の情報を登録情報として提供しなければならない。",
          "3. 当社は、登録希望者が次の各号のいずれかに該当する場合、利用登録を拒否することができる。この場合、当社は拒否の理由を開示する義務を負わない。",
          "(1) 登録情報に虚偽、誤記又は記載漏れがあった場合",
          "(2) 前条に定める利用資格を満たさない場合",
          "(3) 過去に本規約違反等により当社からアカウントを削除された者である場合",
          "(4) 暴力団、暴力団員その他の反社会的勢力に該当し、又はこれらと関係を有すると当社が判断した場合",
          "(5) その他、当社が利用登録を適当でないと判断した場合",
          "4. 利用者は、登録情報に変更が生じた場合、遅滞なく本サービス上で変更の手続を行うものとする。",
          "5. 利用者は、登録情報の内容について一切の責任を負う。登録情報が不正確であったこと又は変更の手続を怠ったことにより利用者に生じた不利益について、当社は責任を負わない。",
        ],
      },
      {
        title: "第6条（禁止事項）",
        paragraphs: [
          "利用者は、本サービスの利用にあたり、次の各号のいずれかに該当する行為をしてはならない。",
          "(1) 法令、公序良俗又は本規約に違反する行為",
          "(2) 犯罪行為又はこれに関連する行為",
          "(3) 虚偽の情報を登録し、又は他人になりすます行為",
          "(4) 他の利用者のアカウント、パスワード又はバンドを無断で使用する行為",
          "(5) 本人の同意を得ずに、他人の生体データ、個人情報又はフォームの回答を取得、閲覧、収集、蓄積し、又は第三者に提供する行為",
          "(6) 本サービスを通じて得た情報を、見守り及び健康管理以外の目的（本人に対する不当な差別的取扱い、営業、勧誘等を含む。）に利用する行為",
          "(7) 当社、他の利用者又は第三者の知的財産権、肖像権、プライバシーその他の権利又は利益を侵害する行為",
          "(8) 本サービスのサーバー又はネットワークに過度の負荷をかけ、又は本サービスの運営を妨害する行為",
          "(9) 不正アクセス、リバースエンジニアリング、逆コンパイル、逆アセンブルその他本サービスを解析する行為",
          "(10) コンピュータウイルスその他の有害なプログラムを送信し、又はアップロードする行為",
          "(11) ボット、スクレイピングその他の自動化された手段により本サービスにアクセスし、又は情報を取得する行為",
          "(12) わいせつ、暴力的、差別的その他不適切な内容の画像、文章等をアップロードし、又は送信する行為",
          "(13) 当社の事前の承諾なく、本サービスを営利目的で再販売し、又は第三者に利用させる行為",
          "(14) 反社会的勢力に対して直接又は間接に利益を供与する行為",
          "(15) 前各号に定める行為を助長し、又は容易にする行為",
          "(16) その他、当社が不適切と判断する行為",
        ],
      },
      {
        title: "第7条（免責事項）",
        paragraphs: [
          "1. 当社は、本サービスに事実上又は法律上の瑕疵（安全性、信頼性、正確性、完全性、有効性、特定の目的への適合性、セキュリティ等に関する欠陥、エラー、バグ、権利侵害等を含む。）がないことを、明示的にも黙示的にも保証しない。",
          "2. 当社は、生体データ、スコア、レポートその他本サービスにより提供される情報の正確性、完全性、適時性及び有用性を保証せず、これらの情報に基づいて利用者又は団体が行った判断及び行為について責任を負わない。",
          "3. 当社は、バンドの故障、電池切れ、通信障害、利用者の端末若しくは通信環境の不具合等により、生体データが取得、送信又は表示されなかったことについて責任を負わない。",
          "4. 当社は、本サービスの利用により、利用者の健康状態が改善し、又は疾病若しくは事故が予防されることを保証しない。",
          "5. 利用者と団体、他の利用者又は第三者との間で生じた紛争については、当事者間で解決するものとし、当社は責任を負わない。",
        ],
      },
      {
        title: "第8条（アカウントの管理）",
        paragraphs: [
          "1. 利用者は、自己の責任において、本サービスのアカウントを管理するものとする。",
          "2. アカウントは、利用登録を行った利用者本人のみが利用することができる。利用者は、アカウントを第三者に譲渡、貸与、売買若しくは名義変更し、又は第三者と共用してはならない。",
          "3. 利用者は、当社が別途認める場合を除き、一人で複数のアカウントを保有してはならない。",
          "4. アカウントを用いて行われた一切の行為は、当該アカウントを保有する利用者の行為とみなす。",
          "5. 利用者は、アカウントが第三者に不正に利用されていること又はそのおそれがあることを知った場合、直ちに当社に通知し、当社の指示に従うものとする。",
        ],
      },
      {
        title: "第9条（パスワードの管理）",
        paragraphs: [
          "1. 利用者は、パスワードを第三者に知られることのないよう適切に管理し、第三者に開示又は貸与してはならない。",
          "2. 利用者は、推測されにくいパスワードを設定し、他のサービスと同一のパスワードを使用しないよう努めるものとする。",
          "3. 当社は、パスワードを不可逆的にハッシュ化した形で保存し、当社の従業員がパスワードを確認することはない。また、当社が電子メール、電話その他の方法により利用者にパスワードを尋ねることはない。",
          "4. 利用者は、パスワードを失念した場合又はパスワードが漏えいしたおそれがある場合、当社所定の手続によりパスワードを速やかに再設定するものとする。",
          "5. パスワードの管理不十分、使用上の過誤、第三者による使用等により利用者に生じた損害について、当社は、当社の故意又は重大な過失による場合を除き、責任を負わない。",
        ],
      },
      {
        title: "第10条（当社によるアカウントの停止及び削除）",
        paragraphs: [
          "1. 当社は、利用者が次の各号のいずれかに該当する場合、事前の通知又は催告をすることなく、当該利用者のアカウントの利用を一時停止し、又はアカウントを削除することができる。",
          "(1) 本規約のいずれかの条項に違反した場合",
          "(2) 登録情報に虚偽の事実があることが判明した場合",
          "(3) 第4条に定める利用資格を満たさないことが判明した場合",
          "(4) 不正アクセス等により、アカウントが第三者に利用されているおそれがある場合",
          "(5) 最終の利用日から2年以上本サービスの利用がない場合",
          "(6) 当社からの連絡に対し、相当の期間内に応答がない場合",
          "(7) その他、当社が本サービスの利用を適当でないと判断した場合",
          "2. 前項に基づきアカウントが削除された場合、当該アカウントに関する登録情報、生体データその他の情報は、プライバシーポリシーの定めに従って取り扱われる。",
          "3. 当社は、本条に基づき当社が行った措置により利用者に生じた損害について、責任を負わない。",
        ],
      },
      {
        title: "第11条（退会）",
        paragraphs: [
          "1. 利用者は、本サービスの設定画面から当社所定の退会手続を行うことにより、いつでも本サービスを退会することができる。団体のワークスペースの閉鎖は、管理者が当社所定の手続により行う。",
          "2. クライアントは、退会するか否かにかかわらず、参加している団体からいつでも脱退し、又は当該団体への個人データの共有を停止することができる。",
          "3. 利用者が退会した場合、当該利用者のアカウントは直ちに無効となり、団体及びスタッフは当該利用者の生体データ、フォームの回答その他の情報を閲覧することができなくなる。",
          "4. 当社は、退会手続の完了後30日以内に、退会した利用者の登録情報、生体データ、フォームの回答及びアップロードされた画像を削除し、又は特定の個人を識別できない形に加工する。ただし、法令により保存が義務付けられている情報、及び退会前に既に匿名加工され特定の個人を識別できない状態となっている情報については、この限りでない。",
          "5. 削除された情報は、退会後に復元することができない。利用者は、必要に応じて、退会前に自らの責任においてレポート等を保存するものとする。",
        ],
      },
      {
        title: "第12条（損害賠償及び責任の制限）",
        paragraphs: [
          "1. 利用者は、本規約に違反し、又は本サービスの利用に関連して当社に損害を与えた場合、当社に対し、その損害を賠償しなければならない。",
          "2. 当社は、本サービスに関して利用者に生じた損害について、当社の故意又は重大な過失による場合を除き、責任を負わない。",
          "3. 消費者契約法その他の法令の適用により当社が損害賠償責任を負う場合であっても、当社の故意又は重大な過失による場合を除き、当社の賠償責任は、利用者に現実に生じた通常かつ直接の損害に限られ、かつ、損害の原因となった事由が生じた月に当該利用者が当社に支払った利用料金の額（無償で利用している場合は1万円）を上限とする。",
          "4. 本規約の免責及び責任の制限に関する規定は、法令により無効とされる範囲においては適用されない。",
        ],
      },
      {
        title: "第13条（本サービスの変更及び保守のための停止）",
        paragraphs: [
          "1. 当社は、利用者に事前に通知することなく、本サービスの内容を変更し、又は機能を追加若しくは廃止することができる。",
          "2. 当社は、次の各号のいずれかに該当する場合、利用者に事前に通知することなく、本サービスの全部又は一部の提供を一時的に停止し、又は中断することができる。",
          "(1) 本サービスに係るシステムの保守点検、更新又は修理を行う場合",
          "(2) 地震、落雷、火災、停電、天災その他の不可抗力により本サービスの提供が困難となった場合",
          "(3) 通信回線、クラウドサービス等の障害により本サービスの提供が困難となった場合",
          "(4) その他、当社が停止又は中断を必要と判断した場合",
          "3. 当社は、定期的な保守を行う場合、可能な限り事前に本サービス上で告知するよう努める。",
          "4. 当社は、本サービスの提供を終了する場合、終了日の30日前までに本サービス上での掲示その他当社が適当と判断する方法により利用者に通知する。",
          "5. 当社は、本条に基づく措置により利用者に生じた損害について、責任を負わない。",
        ],
      },
      {
        title: "第14条（本規約の変更）",
        paragraphs: [
          "1. 当社は、次の各号のいずれかに該当する場合、民法第548条の4の規定に基づき、利用者の個別の同意を得ることなく本規約を変更することができる。",
          "(1) 本規約の変更が、利用者の一般の利益に適合する場合",
          "(2) 本規約の変更が、本サービスの利用契約の目的に反せず、かつ、変更の必要性、変更後の内容の相当性その他の変更に係る事情に照らして合理的なものである場合",
          "2. 当社は、前項に基づき本規約を変更する場合、変更の効力発生日を定め、その相当期間前までに、変更後の本規約の内容及び効力発生日を本サービス上に掲示し、又は利用者に通知する。",
          "3. 変更の効力発生日以降に利用者が本サービスを利用した場合、利用者は変更後の本規約に同意したものとみなす。",
        ],
      },
      {
        title: "第15条（個人情報の取扱い）",
        paragraphs: [
          "1. 当社は、本サービスの利用を通じて取得した利用者の個人情報（生体データを含む。）を、別に定める「プライバシーポリシー」に従って適切に取り扱う。",
          "2. 生体データには健康に関する情報が含まれることから、当社は、これを要配慮個人情報に準じて慎重に取り扱い、法令に基づく場合を除き、本人の同意なく第三者に提供しない。",
          "3. 利用者は、プライバシーポリシーに定めるとおり、特定の個人を識別できないよう加工した匿名加工情報を、当社が大学及び研究機関に研究目的で提供する場合があることを確認する。",
        ],
      },
      {
        title: "第16条（団体の責任）",
        paragraphs: [
          "1. 団体は、本サービスを利用してメンバーの見守りを行うにあたり、各メンバーに対し、見守りの目的、閲覧する情報の範囲、情報を閲覧するスタッフの範囲及び情報の利用方法を事前に説明し、本人の同意（メンバーが未成年者である場合は保護者の同意を含む。）を得なければならない。",
          "2. 団体は、メンバーの生体データ、フォームの回答その他の個人情報を、個人情報の保護に関する法律その他の関係法令を遵守し、見守りの目的の範囲内でのみ利用しなければならない。",
          "3. 団体は、スタッフのアカウント及び権限を適切に管理し、退職、異動等により不要となったスタッフの権限を速やかに削除しなければならない。団体は、スタッフによる本サービスの利用について一切の責任を負う。",
          "4. 団体は、本サービスが医療行為ではないことを理解し、メンバーの体調に異常がうかがわれる場合には、本サービスの表示のみに依拠することなく、本人への声掛け、医療機関への受診勧奨、救急要請その他の適切な措置を自らの責任において講じるものとする。",
          "5. 団体は、メンバーが団体からの脱退又は個人データの共有の停止を希望した場合、これを妨げてはならない。",
          "6. 団体とメンバーとの間で生じた紛争は、団体の責任と費用において解決するものとする。",
        ],
      },
      {
        title: "第17条（知的財産権）",
        paragraphs: [
          "1. 本サービスに関するソフトウェア、画面デザイン、文章、画像、ロゴ、商標その他一切の知的財産権は、当社又は当社に利用を許諾した正当な権利者に帰属する。本規約に基づく本サービスの利用許諾は、本サービスの利用に必要な範囲を超えて、これらの権利の譲渡又は使用許諾を意味するものではない。",
          "2. 利用者がアップロードした画像、フォームの回答その他のコンテンツの著作権は、当該利用者又は正当な権利者に留保される。利用者は、当社に対し、本サービスの提供、維持及び改善に必要な範囲において、これらを無償で利用（複製、保存、加工及び表示を含む。）する権利を許諾する。",
          "3. 利用者は、自らがアップロードするコンテンツについて適法な権利を有していること、及び当該コンテンツが第三者の権利を侵害しないことを保証する。",
          "4. 本サービスには第三者が提供するオープンソースソフトウェアが含まれており、当該ソフトウェアには、それぞれのライセンス条件が適用される。",
        ],
      },
      {
        title: "第18条（権利義務の譲渡禁止）",
        paragraphs: [
          "1. 利用者は、当社の事前の書面による承諾なく、本サービスの利用契約上の地位又は本規約に基づく権利若しくは義務を、第三者に譲渡し、承継させ、又は担保に供してはならない。",
          "2. 当社は、本サービスに係る事業を第三者に譲渡した場合、当該事業譲渡に伴い、利用契約上の地位、本規約に基づく権利及び義務並びに登録情報その他の情報を当該譲受人に譲渡することができ、利用者はこれにあらかじめ同意する。",
        ],
      },
      {
        title: "第19条（分離可能性）",
        paragraphs: [
          "本規約のいずれかの条項又はその一部が、消費者契約法その他の法令等により無効又は執行不能と判断された場合であっても、本規約の残りの規定及び一部が無効又は執行不能と判断された規定の残りの部分は、引き続き完全に効力を有する。",
        ],
      },
      {
        title: "第20条（準拠法及び管轄裁判所）",
        paragraphs: [
          "1. 本規約の成立、効力、解釈及び履行は、日本法に準拠する。",
          "2. 本サービス又は本規約に関して当社と利用者との間で紛争が生じた場合、東京地方裁判所を第一審の専属的合意管轄裁判所とする。",
        ],
      },
      {
        title: "附則",
        paragraphs: ["本規約は、2021年2月1日から施行する。"],
      },
    ],
  },
  en: {
    title: "Terms of Use",
    updated: "Last revised: 1 February 2021",
    version: TERMS_VERSION,
    intro: [
      "These Terms of Use (the “Terms”) set out the conditions for using “Mimamori” (the “Service”), a wearable-band watch-over service provided by Mimamori Inc. (“we”, “us” or the “Company”).",
      "Users must read the Terms in full and agree to them before using the Service. By registering for or using the Service, a user is deemed to have agreed to the Terms.",
    ],
    sections: [
      {
        title: "Article 1 (Purpose and Scope)",
        paragraphs: [
          "1. The purpose of the Terms is to set out the conditions under which the Service is provided and the rights and obligations between the Company and users with respect to the use of the Service.",
          "2. The Terms apply to every relationship between the Company and users concerning the use of the Service.",
          "3. Individual rules, guidelines and notices that the Company posts on the Service from time to time (the “Individual Rules”) form part of the Terms. If the Terms and the Individual Rules conflict, the Terms prevail unless the Individual Rules expressly provide otherwise.",
        ],
      },
      {
        title: "Article 2 (Definitions)",
        paragraphs: [
          "In the Terms, the following words have the meanings given below.",
          "(1) “User” means a person who has agreed to the Terms and registered for the Service, and includes admins, staff and clients.",
          "(2) “Entity” means a company, association, school or other organisation that opens a workspace (entity) on the Service and watches over its members.",
          "(3) “Admin” means a user who has been granted the authority to create, configure and manage entities.",
          "(4) “Staff” means a user who belongs to an entity and carries out watch-over work for that entity's members, such as viewing their reports and sending forms.",
          "(5) “Client” means a user who wears a band and sends his or her own vital data to the Service; a client who joins an entity becomes a “member” of that entity.",
          "(6) “Band” means a wrist-worn wearable device compatible with the Service.",
          "(7) “Vital data” means information measured or calculated by a band relating to heart rate, skin temperature, blood oxygen, respiration, blood pressure, steps, heat stress, heart rate variability (HRV), sleep and strain (physical load), as well as the melancholy (low mood) score calculated from questionnaire answers and other similar information.",
          "(8) “Form” means a questionnaire, survey or other set of questions that staff send to clients through the Service.",
          "(9) “Registration information” means the name, email address and other information that a user provides to the Company at or after registration.",
          "(10) “Account” means the credentials that the Company issues to identify a user for the purpose of using the Service.",
        ],
      },
      {
        title: "Article 3 (Nature of the Service)",
        paragraphs: [
          "1. The Service is an information service that helps entities watch over their members in daily life and helps users manage their own health. It is not medical care or a medical service, and neither the Service nor the band is a medical device.",
          "2. The Service does not diagnose, treat or prevent any disease or predict its course, and it does not replace examination, diagnosis, advice or treatment by a doctor or other healthcare professional.",
          "3. Figures, graphs, scores, notifications and other information shown on the Service are for reference only. Users must always consult a doctor or other professional before making any decision about their health.",
          "4. In the event of a sudden change in physical condition, chest pain, difficulty breathing, impaired consciousness or any other symptom requiring urgent attention, users must immediately call emergency services (119 in Japan) or seek medical care, regardless of what the Service shows. The Service is not an emergency call service and does not guarantee that it will automatically detect or report any abnormality.",
          "5. Vital data are affected by how the band is worn, body movement, the surrounding environment, network conditions, battery level and other factors. The Company does not guarantee that vital data are accurate, complete, timely or continuous.",
        ],
      },
      {
        title: "Article 4 (Eligibility)",
        paragraphs: [
          "1. Registration for the Service is open only to persons located in Japan. The Company does not accept applications from outside Japan and gives no guarantee whatsoever regarding use of the Service outside Japan.",
          "2. The Service is intended for persons aged 16 or over. Persons under 16 may not register for the Service.",
          "3. A minor who uses the Service must first obtain the consent of a person with parental authority or other legal representative (a “guardian”). If a minor uses the Service, the Company will deem that the minor has obtained the guardian's consent.",
        ],
      },
      {
        title: "Article 5 (Registration and Registration Information)",
        paragraphs: [
          "1. A person who wishes to use the Service (an “applicant”) shall agree to the Terms and apply for registration by the method specified by the Company.",
          "2. Applicants and users must provide true, accurate and up-to-date information as their registration information.",
          "3. The Company may refuse an application if the applicant falls under any of the following. In that case the Company is not obliged to disclose the reason for refusal.",
          "(1) The registration information contains false statements, errors or omissions.",
          "(2) The applicant does not meet the eligibility requirements in the preceding Article.",
          "(3) The applicant previously had an account deleted by the Company for breach of the Terms or for a similar reason.",
          "(4) The Company determines that the applicant is, or has links with, an organised crime group, a member of such a group or any other anti-social force.",
          "(5) The Company otherwise considers the registration inappropriate.",
          "4. If any registration information changes, the user shall update it on the Service without delay.",
          "5. Users are solely responsible for the content of their registration information. The Company is not responsible for any disadvantage suffered by a user because the registration information was inaccurate or was not updated.",
        ],
      },
      {
        title: "Article 6 (Prohibited Acts)",
        paragraphs: [
          "When using the Service, users must not do any of the following.",
          "(1) Acts that breach laws and regulations, public order and morals, or the Terms.",
          "(2) Criminal acts or acts connected with criminal acts.",
          "(3) Registering false information or impersonating another person.",
          "(4) Using another user's account, password or band without permission.",
          "(5) Obtaining, viewing, collecting, storing or disclosing to third parties another person's vital data, personal information or form answers without that person's consent.",
          "(6) Using information obtained through the Service for purposes other than watching over members and managing health, including unfair discriminatory treatment of the person concerned, sales or solicitation.",
          "(7) Infringing the intellectual property rights, portrait rights, privacy or any other rights or interests of the Company, other users or third parties.",
          "(8) Placing an excessive load on the servers or network of the Service, or otherwise interfering with its operation.",
          "(9) Unauthorised access, reverse engineering, decompiling, disassembling or otherwise analysing the Service.",
          "(10) Sending or uploading computer viruses or other harmful programs.",
          "(11) Accessing the Service or extracting information from it by bots, scraping or other automated means.",
          "(12) Uploading or sending obscene, violent, discriminatory or otherwise inappropriate images, text or other content.",
          "(13) Reselling the Service for profit, or letting third parties use it, without the Company's prior consent.",
          "(14) Directly or indirectly providing benefits to anti-social forces.",
          "(15) Encouraging or facilitating any of the acts listed above.",
          "(16) Any other act that the Company considers inappropriate.",
        ],
      },
      {
        title: "Article 7 (Disclaimers)",
        paragraphs: [
          "1. The Company gives no warranty, express or implied, that the Service is free of factual or legal defects, including defects, errors, bugs or infringements relating to safety, reliability, accuracy, completeness, effectiveness, fitness for a particular purpose or security.",
          "2. The Company does not guarantee the accuracy, completeness, timeliness or usefulness of vital data, scores, reports or any other information provided by the Service, and is not responsible for any decision made or action taken by users or entities on the basis of such information.",
          "3. The Company is not responsible if vital data are not obtained, sent or displayed because of a band malfunction, a flat battery, a network failure, a problem with the user's device or connection, or a similar cause.",
          "4. The Company does not guarantee that using the Service will improve a user's health or prevent any illness or accident.",
          "5. Any dispute between a user and an entity, another user or a third party shall be resolved between the parties concerned, and the Company bears no responsibility for it.",
        ],
      },
      {
        title: "Article 8 (Account Management)",
        paragraphs: [
          "1. Users are responsible for managing their own accounts for the Service.",
          "2. An account may be used only by the registered user. Users must not transfer, lend, sell or change the holder of their account, or share it with any third party.",
          "3. Unless the Company permits otherwise, a user must not hold more than one account.",
          "4. Every act performed using an account is deemed to be an act of the user who holds that account.",
          "5. If a user learns that his or her account is being, or may be, used by a third party without authorisation, the user must notify the Company immediately and follow the Company's instructions.",
        ],
      },
      {
        title: "Article 9 (Password Management)",
        paragraphs: [
          "1. Users must manage their passwords properly so that no third party learns them, and must not disclose or lend them to any third party.",
          "2. Users shall endeavour to choose passwords that are hard to guess and not to reuse passwords used for other services.",
          "3. The Company stores passwords only in an irreversibly hashed form, and Company employees never see them. The Company will never ask users for their password by email, telephone or any other means.",
          "4. If a user forgets his or her password, or if the password may have been leaked, the user shall promptly reset it by the procedure specified by the Company.",
          "5. Except in the case of wilful misconduct or gross negligence by the Company, the Company is not responsible for any damage suffered by a user due to inadequate password management, mistakes in use, use by a third party or similar causes.",
        ],
      },
      {
        title: "Article 10 (Suspension and Deletion of Accounts by the Company)",
        paragraphs: [
          "1. If a user falls under any of the following, the Company may, without prior notice or demand, suspend the user's use of his or her account or delete the account.",
          "(1) The user has breached any provision of the Terms.",
          "(2) The registration information is found to contain false information.",
          "(3) The user is found not to meet the eligibility requirements in Article 4.",
          "(4) The account may be being used by a third party as a result of unauthorised access or a similar cause.",
          "(5) The Service has not been used for two years or more since the user's last use.",
          "(6) The user has not responded to communications from the Company within a reasonable period.",
          "(7) The Company otherwise considers the user's use of the Service inappropriate.",
          "2. If an account is deleted under the preceding paragraph, the registration information, vital data and other information relating to that account will be handled in accordance with the Privacy Policy.",
          "3. The Company is not responsible for any damage suffered by a user as a result of measures taken by the Company under this Article.",
        ],
      },
      {
        title: "Article 11 (Withdrawal)",
        paragraphs: [
          "1. Users may withdraw from the Service at any time by completing the withdrawal procedure specified by the Company from the settings screen of the Service. An entity's workspace is closed by an admin following the procedure specified by the Company.",
          "2. Whether or not they withdraw from the Service, clients may at any time leave an entity they have joined or stop sharing their personal data with that entity.",
          "3. When a user withdraws, the user's account is immediately disabled, and entities and staff can no longer view that user's vital data, form answers or other information.",
          "4. Within 30 days after the withdrawal procedure is completed, the Company will delete the withdrawn user's registration information, vital data, form answers and uploaded images, or process them so that no individual can be identified. This does not apply to information that must be retained by law, or to information that had already been anonymised before withdrawal so that no individual can be identified.",
          "5. Deleted information cannot be restored after withdrawal. Users shall, where necessary and at their own responsibility, save their reports and other information before withdrawing.",
        ],
      },
      {
        title: "Article 12 (Damages and Limitation of Liability)",
        paragraphs: [
          "1. A user who breaches the Terms or causes damage to the Company in connection with the use of the Service must compensate the Company for that damage.",
          "2. Except in the case of wilful misconduct or gross negligence by the Company, the Company is not liable for any damage suffered by users in connection with the Service.",
          "3. Even where the Company is liable for damages under the Consumer Contract Act or other laws, except in the case of wilful misconduct or gross negligence by the Company, the Company's liability is limited to ordinary and direct damage actually suffered by the user, up to the amount of fees the user paid to the Company in the month in which the cause of the damage arose (or 10,000 yen if the user uses the Service free of charge).",
          "4. The provisions of the Terms that exclude or limit liability do not apply to the extent that they are invalid under applicable law.",
        ],
      },
      {
        title: "Article 13 (Changes to the Service and Suspension for Maintenance)",
        paragraphs: [
          "1. The Company may change the content of the Service, or add or remove features, without prior notice to users.",
          "2. The Company may temporarily suspend or interrupt all or part of the Service without prior notice to users in any of the following cases.",
          "(1) When carrying out maintenance, inspection, updates or repairs of the systems used for the Service.",
          "(2) When providing the Service becomes difficult due to an earthquake, lightning, fire, power failure, natural disaster or other force majeure.",
          "(3) When providing the Service becomes difficult due to a failure of communication lines, cloud services or similar.",
          "(4) When the Company otherwise considers a suspension or interruption necessary.",
          "3. When carrying out scheduled maintenance, the Company will endeavour to announce it on the Service in advance wherever possible.",
          "4. If the Company ends the Service, it will notify users at least 30 days before the end date by posting a notice on the Service or by any other method the Company considers appropriate.",
          "5. The Company is not responsible for any damage suffered by users as a result of measures taken under this Article.",
        ],
      },
      {
        title: "Article 14 (Changes to the Terms)",
        paragraphs: [
          "1. In accordance with Article 548-4 of the Civil Code of Japan, the Company may change the Terms without the individual consent of users in any of the following cases.",
          "(1) The change is in the general interest of users.",
          "(2) The change does not conflict with the purpose of the agreement for use of the Service and is reasonable in light of the need for the change, the appropriateness of the new content and other circumstances relating to the change.",
          "2. When changing the Terms under the preceding paragraph, the Company will set an effective date and, a reasonable period before that date, post the revised Terms and the effective date on the Service or notify users of them.",
          "3. A user who uses the Service on or after the effective date of a change is deemed to have agreed to the revised Terms.",
        ],
      },
      {
        title: "Article 15 (Handling of Personal Information)",
        paragraphs: [
          "1. The Company handles users' personal information obtained through the Service, including vital data, appropriately in accordance with its separate Privacy Policy.",
          "2. Because vital data include health-related information, the Company handles them with the same care as special-care-required personal information and will not provide them to third parties without the user's consent, except as required or permitted by law.",
          "3. Users acknowledge that, as set out in the Privacy Policy, the Company may provide anonymised data, processed so that no individual can be identified, to universities and research bodies for research purposes.",
        ],
      },
      {
        title: "Article 16 (Responsibilities of Entities)",
        paragraphs: [
          "1. Before watching over members through the Service, an entity must explain to each member the purpose of the watch-over, the scope of the information to be viewed, which staff will view it and how it will be used, and must obtain the member's consent (including a guardian's consent if the member is a minor).",
          "2. An entity must comply with the Act on the Protection of Personal Information and other applicable laws, and must use members' vital data, form answers and other personal information only within the scope of the watch-over purpose.",
          "3. An entity must manage its staff accounts and permissions properly and promptly remove the permissions of staff who no longer need them, for example because they have left or changed roles. The entity is fully responsible for its staff's use of the Service.",
          "4. An entity acknowledges that the Service is not medical care. If a member appears to be unwell, the entity shall not rely solely on what the Service shows, and shall at its own responsibility take appropriate action, such as speaking to the member, recommending a medical consultation or calling emergency services.",
          "5. An entity must not prevent a member from leaving the entity or from stopping the sharing of his or her personal data.",
          "6. Any dispute between an entity and its members shall be resolved at the entity's own responsibility and expense.",
        ],
      },
      {
        title: "Article 17 (Intellectual Property)",
        paragraphs: [
          "1. All intellectual property rights in the software, screen designs, text, images, logos, trademarks and anything else relating to the Service belong to the Company or to the legitimate rights holders who have licensed them to the Company. Permission to use the Service under the Terms does not mean any transfer or licence of these rights beyond what is necessary to use the Service.",
          "2. Copyright in images, form answers and other content uploaded by users remains with the user or the legitimate rights holder. Users grant the Company a royalty-free right to use such content (including copying, storing, processing and displaying it) to the extent necessary to provide, maintain and improve the Service.",
          "3. Users warrant that they hold lawful rights to the content they upload and that the content does not infringe the rights of any third party.",
          "4. The Service includes open-source software provided by third parties, and each such software is subject to its own licence terms.",
        ],
      },
      {
        title: "Article 18 (No Assignment)",
        paragraphs: [
          "1. Users must not assign, transfer or pledge as security to any third party their position under the agreement for use of the Service, or any of their rights or obligations under the Terms, without the Company's prior written consent.",
          "2. If the Company transfers the business relating to the Service to a third party, it may transfer to the transferee, together with that business, its position under the agreement for use of the Service, its rights and obligations under the Terms, and registration information and other information, and users agree to this in advance.",
        ],
      },
      {
        title: "Article 19 (Severability)",
        paragraphs: [
          "Even if any provision of the Terms, or any part of a provision, is held invalid or unenforceable under the Consumer Contract Act or any other law, the remaining provisions of the Terms, and the remainder of any provision held partly invalid or unenforceable, will continue in full force and effect.",
        ],
      },
      {
        title: "Article 20 (Governing Law and Jurisdiction)",
        paragraphs: [
          "1. The formation, validity, interpretation and performance of the Terms are governed by the laws of Japan.",
          "2. The Tokyo District Court has exclusive jurisdiction as the court of first instance over any dispute between the Company and a user relating to the Service or the Terms.",
        ],
      },
      {
        title: "Supplementary Provision",
        paragraphs: ["These Terms take effect on 1 February 2021."],
      },
    ],
  },
};
