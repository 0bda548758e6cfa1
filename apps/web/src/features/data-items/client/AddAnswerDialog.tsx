import { type DataQuestion, isChoiceType } from "@mimamori/shared";
import Box from "@mui/material/Box";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAnswerItem } from "../../../api/data-items";
import { FormDialog } from "../../../components/FormDialog";
import { useDialogSave } from "../../../components/useDialogSave";
import { useMessage } from "../../../i18n/useLanguage";
import {
  answerOptions,
  answerProblems,
  answerValue,
  type Draft,
  EMPTY_DRAFT,
} from "../../forms/common/answerValues";
import { QuestionField } from "../../forms/common/QuestionField";
import { asFormQuestion } from "../common/dataItems";

/**
 * Adds an answer to a form_data item (DATA-04): the item's question rendered as the questionnaires render it,
 * checked by its type before sending (`POST /user/questions/{id}/answer`); the server checks again.
 */
export function AddAnswerDialog({
  open,
  question,
  onClose,
}: {
  open: boolean;
  question: DataQuestion;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const msg = useMessage();
  const { id, save, clear, dialogProps } = useDialogSave({ open, onClose });
  const answer = useAnswerItem(question.id);
  const formQuestion = useMemo(() => asFormQuestion(question), [question]);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!open) return;
    setDraft(EMPTY_DRAFT);
    setTouched(false);
  }, [open]);

  const problem = answerProblems([formQuestion], { [question.id]: draft })[question.id] ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    clear();
    if (problem) {
      document.getElementById(`${id}-q-input`)?.focus();
      return;
    }
    const choice = isChoiceType(formQuestion.question_type_id);
    await save(
      () =>
        answer.mutateAsync({
          value: choice ? null : (answerValue(formQuestion, draft) ?? null),
          answer_options: choice ? answerOptions(formQuestion, draft.options) : [],
        }),
      t("data-items-client.answerDialog.saved"),
    );
  };

  return (
    <FormDialog
      {...dialogProps(submit)}
      title={t("data-items-client.answerDialog.title")}
      submitLabel={t("data-items-client.answerDialog.submit")}
    >
      <Box sx={{ pt: 1 }}>
        <QuestionField
          id={`${id}-q`}
          number={1}
          question={formQuestion}
          draft={draft}
          readOnly={false}
          error={touched && problem ? msg(problem) : null}
          onChange={setDraft}
          onBlur={() => setTouched(true)}
        />
      </Box>
    </FormDialog>
  );
}
