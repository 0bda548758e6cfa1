import {
  type DataItemType,
  type DataItemTypeBody,
  type DataType,
  dataItemTypeBodySchema,
  isChoiceType,
  type MessageCode,
} from "@mimamori/shared";

export interface OptionDraft {
  /** A stable React key for the row. */
  key: number;
  text_jp: string;
  text_en: string;
}

/** What the admin has typed in the add/edit dialog. */
export interface TypeDraft {
  key: string;
  data_type: DataType;
  name_jp: string;
  name_en: string;
  description_jp: string;
  description_en: string;
  question_jp: string;
  question_en: string;
  question_type: number | "";
  options: OptionDraft[];
}

let nextKey = 1;
export const newOption = (): OptionDraft => ({ key: nextKey++, text_jp: "", text_en: "" });

export function draftOf(type: DataItemType | null): TypeDraft {
  return {
    key: type?.key ?? "",
    data_type: type?.data_type ?? "image",
    name_jp: type?.name_jp ?? "",
    name_en: type?.name_en ?? "",
    description_jp: type?.description_jp ?? "",
    description_en: type?.description_en ?? "",
    question_jp: type?.question?.text_jp ?? "",
    question_en: type?.question?.text_en ?? "",
    question_type: type?.question?.question_type ?? "",
    options: [...(type?.question?.options ?? [])]
      .sort((a, b) => a.order - b.order)
      .map((o) => ({ key: nextKey++, text_jp: o.text_jp, text_en: o.text_en })),
  };
}

/** The request body of a draft: a question only for form_data, options only for choice questions. */
export function bodyOf(d: TypeDraft): DataItemTypeBody {
  const form = d.data_type === "form_data";
  const choice = d.question_type !== "" && isChoiceType(d.question_type);
  return {
    key: d.key,
    data_type: d.data_type,
    name_jp: d.name_jp,
    name_en: d.name_en,
    description_jp: d.description_jp,
    description_en: d.description_en,
    question: form
      ? {
          text_jp: d.question_jp,
          text_en: d.question_en,
          question_type: d.question_type === "" ? 0 : d.question_type,
          options: choice ? d.options.map((o) => ({ text_jp: o.text_jp, text_en: o.text_en })) : [],
        }
      : null,
  };
}

/** Field → message code of the draft's problems (the contract's rules, plus options for a choice question). */
export function draftProblems(d: TypeDraft): Record<string, MessageCode> {
  const problems: Record<string, MessageCode> = {};
  const parsed = dataItemTypeBodySchema.safeParse(bodyOf(d));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.join(".");
      problems[field] ??= issue.message as MessageCode;
    }
  }
  if (d.data_type === "form_data") {
    if (d.question_type === "") problems["question.question_type"] = "required";
    else if (isChoiceType(d.question_type) && d.options.length === 0)
      problems["question.options"] = "options-required";
  }
  return problems;
}
