import { type Answer, type AnswerInput, type FormQuestion, message } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "../../../components/FailureAlert";
import { useNotify } from "../../../components/Notifier";
import { visuallyHidden } from "../../../components/visuallyHidden";
import { useLanguage } from "../../../i18n/useLanguage";
import {
  answerProblems,
  buildAnswerInputs,
  type Draft,
  type Drafts,
  draftsFromAnswers,
  EMPTY_DRAFT,
} from "./answerValues";
import { QuestionField } from "./QuestionField";

/**
 * `answer`: the member fills in and submits; `read-only`: disabled inputs showing stored answers (show-answer,
 * the staff answer view); `preview`: the staff's look at a form as members see it (inputs work, nothing is sent).
 */
export type AnswerFormMode = "answer" | "read-only" | "preview";

export interface AnswerFormProps {
  name: string;
  description?: string;
  questions: readonly FormQuestion[];
  mode: AnswerFormMode;
  /** Stored answers: shown in read-only mode, the starting values otherwise. */
  answers?: readonly Answer[];
  /**
   * Called with the request's `answers` once every required question is answered and every value is valid.
   * May return a promise: the button shows progress, and a rejection is shown under the form in the user's
   * language (catch what the page handles itself, e.g. a 409, and do not rethrow it).
   */
  onSubmit?: (answers: AnswerInput[]) => unknown;
  submitLabel?: string;
  /** The heading level of the form name (h1 on a page of its own, h2 inside a tab or dialog). */
  headingComponent?: "h1" | "h2" | "h3";
  /** Shown between the description and the questions (e.g. the entity and the date). */
  header?: ReactNode;
  /** Shown beside the submit button (e.g. a back link). */
  actions?: ReactNode;
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/**
 * A questionnaire rendered from its questions (FORM-42, FORM-49): every question labelled, choice questions as
 * fieldsets with a legend, required ones marked, problems under their question and tied to it with
 * aria-describedby. On submit with required questions unanswered (FORM-43/44) it shows the 6 s error toast,
 * marks each of them and scrolls to and focuses the first.
 */
export function AnswerForm({
  name,
  description,
  questions,
  mode,
  answers,
  onSubmit,
  submitLabel,
  headingComponent = "h2",
  header,
  actions,
}: AnswerFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const baseId = useId();
  const readOnly = mode === "read-only";
  const [edited, setEdited] = useState<Drafts>(() => draftsFromAnswers(questions, answers));
  // read-only shows the answers it is given, also when they are fetched again
  const drafts = useMemo(
    () => (readOnly ? draftsFromAnswers(questions, answers) : edited),
    [readOnly, questions, answers, edited],
  );
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const boxes = useRef(new Map<number, HTMLElement>());

  const problems = useMemo(
    () => (readOnly ? {} : answerProblems(questions, drafts)),
    [readOnly, questions, drafts],
  );
  /** Before the first submit only a left field's bad value is shown; "required" waits for the submit. */
  const shown = (id: number): string | null => {
    const code = problems[id];
    if (!code) return null;
    if (submitted || (touched.has(id) && code !== "required-field-not-filled"))
      return message(code, language);
    return null;
  };
  const shownCount = submitted ? Object.keys(problems).length : 0;

  const change = (id: number, draft: Draft) => {
    setEdited((d) => ({ ...d, [id]: draft }));
    setFailure(null);
  };

  const focusQuestion = (id: number) => {
    const box = boxes.current.get(id);
    if (!box) return;
    box.scrollIntoView({ block: "center", behavior: prefersReducedMotion() ? "auto" : "smooth" });
    box
      .querySelector<HTMLElement>("input:not([disabled]), textarea:not([disabled])")
      ?.focus({ preventScroll: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mode !== "answer" || busy) return;
    setSubmitted(true);
    const problemIds = questions.map((q) => q.id).filter((id) => problems[id]);
    const first = problemIds[0];
    if (first !== undefined) {
      const missingRequired = problemIds.some((id) => problems[id] === "required-field-not-filled");
      notify(message(missingRequired ? "required-not-answered" : "invalid-input", language), "error");
      focusQuestion(first);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit?.(buildAnswerInputs(questions, drafts));
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  const Heading = headingComponent;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={`${baseId}-name`}>
      <Stack spacing={2.5}>
        <Box>
          <Typography
            variant={headingComponent === "h1" ? "h1" : "h2"}
            component={Heading}
            id={`${baseId}-name`}
          >
            {name}
          </Typography>
          {description && (
            <Typography
              color="text.secondary"
              sx={{ mt: 1, whiteSpace: "pre-line", overflowWrap: "anywhere" }}
            >
              {description}
            </Typography>
          )}
        </Box>
        {header}
        {mode === "preview" && <Alert severity="info">{t("forms-common.previewNote")}</Alert>}
        {!readOnly && questions.some((q) => q.is_required) && (
          <Typography variant="body2" color="text.secondary">
            {t("forms-common.requiredNote")}
          </Typography>
        )}
        {questions.length === 0 && <Typography>{t("forms-common.noQuestions")}</Typography>}
        {questions.map((q, i) => {
          const error = shown(q.id);
          return (
            <Box
              key={q.id}
              ref={(el: HTMLElement | null) => {
                if (el) boxes.current.set(q.id, el);
                else boxes.current.delete(q.id);
              }}
              component="section"
              data-question-id={q.id}
              sx={{
                p: { xs: 2, sm: 2.5 },
                border: 1,
                borderRadius: 2,
                borderColor: error ? "error.main" : "divider",
                borderWidth: error ? 2 : 1,
                bgcolor: "background.paper",
                scrollMarginTop: 80,
              }}
            >
              <QuestionField
                id={`${baseId}-q${q.id}`}
                number={i + 1}
                question={q}
                draft={drafts[q.id] ?? EMPTY_DRAFT}
                readOnly={readOnly}
                error={error}
                onChange={(d) => change(q.id, d)}
                onBlur={() => setTouched((s) => (s.has(q.id) ? s : new Set(s).add(q.id)))}
              />
            </Box>
          );
        })}
        {/* a polite summary after a refused submit, besides the toast, for readers who missed it */}
        <Box aria-live="polite" sx={shownCount ? undefined : visuallyHidden}>
          {shownCount > 0 && (
            <Alert severity="error" variant="outlined">
              {t("forms-common.problemsSummary", { count: shownCount })}
            </Alert>
          )}
        </Box>
        <FailureAlert failure={failure} />
        {(mode === "answer" || actions) && (
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
            {mode === "answer" && (
              <Button type="submit" variant="contained" size="large" loading={busy}>
                {submitLabel ?? t("forms-common.submit")}
              </Button>
            )}
            {actions}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
