import type { Language } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import { anonymisedDataNotice, privacy } from "./privacy";
import { terms } from "./terms";

const text = (lang: Language, doc = terms) =>
  [doc[lang].title, doc[lang].updated, ...doc[lang].sections.flatMap((s) => [s.title, ...s.paragraphs])].join(
    "\n",
  );
const titles = (lang: Language, doc = terms) => doc[lang].sections.map((s) => s.title);

describe("terms of use (spec §1)", () => {
  it("say the service is not medical care (LEGAL-01)", () => {
    expect(text("jp")).toContain("医療行為又は医療サービスではない");
    expect(text("en")).toContain("It is not medical care or a medical service");
  });

  it("do not guarantee the accuracy of the data (LEGAL-02)", () => {
    expect(text("jp")).toMatch(
      /生体データ、スコア、レポートその他本サービスにより提供される情報の正確性.*保証せず/,
    );
    expect(text("en")).toContain("The Company does not guarantee the accuracy");
  });

  it("limit registration to persons located in Japan (LEGAL-03) aged 16 or over (LEGAL-04)", () => {
    expect(text("jp")).toContain("本サービスへの利用登録は、日本国内に所在する者に限り行うことができる。");
    expect(text("en")).toContain("Registration for the Service is open only to persons located in Japan.");
    expect(text("jp")).toContain("本サービスは、16歳以上の者を対象とする。");
    expect(text("en")).toContain("The Service is intended for persons aged 16 or over.");
  });

  it("cover prohibited acts, disclaimers, accounts, passwords, suspension, withdrawal and damages in articles 6 to 12 (LEGAL-05)", () => {
    expect(titles("jp").slice(5, 12)).toEqual([
      "第6条（禁止事項）",
      "第7条（免責事項）",
      "第8条（アカウントの管理）",
      "第9条（パスワードの管理）",
      "第10条（当社によるアカウントの停止及び削除）",
      "第11条（退会）",
      "第12条（損害賠償及び責任の制限）",
    ]);
    expect(titles("en").slice(5, 12)).toEqual([
      "Article 6 (Prohibited Acts)",
      "Article 7 (Disclaimers)",
      "Article 8 (Account Management)",
      "Article 9 (Password Management)",
      "Article 10 (Suspension and Deletion of Accounts by the Company)",
      "Article 11 (Withdrawal)",
      "Article 12 (Damages and Limitation of Liability)",
    ]);
  });

  it("are governed by Japanese law with the Tokyo District Court as venue (LEGAL-06)", () => {
    expect(text("jp")).toContain("日本法に準拠する。");
    expect(text("jp")).toContain("東京地方裁判所を第一審の専属的合意管轄裁判所とする。");
    expect(text("en")).toContain("governed by the laws of Japan.");
    expect(text("en")).toContain("The Tokyo District Court has exclusive jurisdiction");
  });

  it("exist in both languages with parallel articles (LEGAL-10)", () => {
    expect(titles("jp")).toHaveLength(titles("en").length);
    expect(terms.jp.title).toBe("利用規約");
    expect(terms.en.title).toBe("Terms of Use");
  });
});

describe("privacy policy (spec §1, §9)", () => {
  it("covers collection, purpose, protection, cookies, changes, contact and anonymised data in both languages (LEGAL-07)", () => {
    expect(titles("jp", privacy)).toEqual(
      expect.arrayContaining([
        "1. 取得する情報",
        "2. 利用目的",
        "4. 安全管理措置",
        "5. Cookie及び類似技術",
        "6. 匿名加工情報の提供について",
        "9. 本ポリシーの変更",
        "10. お問い合わせ",
      ]),
    );
    expect(titles("en", privacy)).toEqual(
      expect.arrayContaining([
        "1. Information We Collect",
        "2. Purpose of Use",
        "4. Security Measures",
        "5. Cookies and Similar Technologies",
        "6. Anonymised Data",
        "9. Changes to This Policy",
        "10. Contact",
      ]),
    );
  });

  it("lists the nine anonymised-data items (LEGAL-08)", () => {
    const { jp, en } = anonymisedDataNotice;
    expect(en.fields).toEqual([
      "Age band",
      "Month of enrolment",
      "Skin temperature",
      "Blood oxygen",
      "Heart rate",
      "Respiration",
      "Blood pressure",
      "Steps",
      "Sleep",
    ]);
    expect(jp.fields).toEqual([
      "年齢層（年代）",
      "登録月",
      "皮膚温度",
      "血中酸素濃度",
      "心拍数",
      "呼吸数",
      "血圧",
      "歩数",
      "睡眠",
    ]);
    // the notice lists what the privacy policy says, in its order
    expect(text("jp", privacy)).toContain(
      `${jp.fields.slice(0, -1).join("、")}及び${jp.fields.at(-1)}です。`,
    );
    const enItems = en.fields.map((f) => f.toLowerCase());
    expect(text("en", privacy)).toContain(`items: ${enItems.slice(0, -1).join(", ")} and ${enItems.at(-1)}.`);
  });

  it("carries the dates of §9 (LEGAL-13)", () => {
    expect(privacy.en.updated).toBe("Last updated: 6 February 2023");
    expect(privacy.jp.updated).toBe("2021年2月1日 最終改定");
    expect(terms.jp.updated).toBe("2021年2月1日 最終改定");
    expect(terms.en.updated).toBe("Last revised: 1 February 2021");
  });
});
