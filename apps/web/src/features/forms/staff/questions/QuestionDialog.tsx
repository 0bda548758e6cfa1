import {
  type BankQuestion,
  createQuestionBodySchema,
  FORM_LIMITS,
  type QuestionType,
  updateQuestionBodySchema,
} from "@mimamori/shared";
import DialogContentText from "@mui/material/DialogContentText";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCode } from "../../../../api/errors";
import { useCreateQuestion, useUpdateQuestion } from "../../../../api/forms";
import { FormDialog } from "../../../../components/FormDialog";
import { useFieldIssue } from "../useFieldIssue";

type Errors = { text?: string; question_type?: string };

interface Props {
  open: boolean;
  workspace: string;
  types: readonly QuestionType[];
  /** The question to edit (its text); null adds one (text and type). */
  question: BankQuestion | null;
  onClose: () => void;
  onSaved: (q: BankQuestion) => void;
}

/** Adds a bank question (text and type required, FORM-02) or edits its text (FORM-03). */
export function QuestionDialog({ open, workspace, types, question, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const fieldIssue = useFieldIssue();
  const id = useId();
  const create = useCreateQuestion(workspace);
  const update = useUpdateQuestion(workspace);
  const busy = create.isPending || update.isPending;
  const [text, setText] = useState("");
  const [type, setType] = useState<number | "">("");
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!open) return;
    setText(question?.text ?? "");
    setType(question?.question_type_id ?? "");
    setErrors({});
  }, [open, question]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // the contract's rules, as the server checks them
    const parsed = question
      ? updateQuestionBodySchema.safeParse({ text })
      : createQuestionBodySchema.safeParse({ text, question_type: type === "" ? undefined : type });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === "text" || field === "question_type") found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      const saved = question
        ? await update.mutateAsync({ id: question.id, text: parsed.data.text })
        : await create.mutateAsync({ text: parsed.data.text, question_type: type as number });
      onSaved(saved);
      onClose();
    } catch (err) {
      setErrors({ text: errorCode(err) });
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id={id}
      title={t(question ? "forms-staff-questions.editTitle" : "forms-staff-questions.addTitle")}
      onSubmit={submit}
      submitLabel={t(question ? "ui.actions.save" : "ui.actions.add")}
      pending={busy}
      failure={null}
    >
      {question && <DialogContentText>{t("forms-staff-questions.editIntro")}</DialogContentText>}
      <TextField
        label={t("forms-staff-questions.text")}
        value={text}
        onChange={(e) => setText(e.target.value)}
        required
        autoFocus
        multiline
        minRows={2}
        {...fieldIssue(errors.text)}
        slotProps={{ htmlInput: { maxLength: FORM_LIMITS.questionTextMax } }}
      />
      {!question && (
        <TextField
          select
          label={t("forms-staff-questions.type")}
          value={type}
          onChange={(e) => setType(Number(e.target.value))}
          required
          {...fieldIssue(errors.question_type)}
        >
          {types.map((x) => (
            <MenuItem key={x.id} value={x.id}>
              {x.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </FormDialog>
  );
}
