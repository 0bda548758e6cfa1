import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import {
  FORM_LIMITS,
  type Form,
  QUESTION_TYPE_IDS,
  QUESTION_TYPE_NAMES,
  type QuestionType,
} from "@mimamori/shared";
import AddIcon from "@mui/icons-material/Add";
import LibraryAddOutlined from "@mui/icons-material/LibraryAddOutlined";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuestionTypes } from "../../../api/forms";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { BankPickerDialog } from "./BankPickerDialog";
import { type Draft, type DraftQuestion, moveItem, newQuestion } from "./draft";
import { QuestionCard } from "./QuestionCard";
import { useFieldIssue } from "./useFieldIssue";
import type { Issues } from "./validation";

interface Props {
  workspace: string;
  draft: Draft;
  /** The form as last saved (null for a new form): its option orders stay taken until the save. */
  baseline: Form | null;
  issues: Issues;
  onChange: (update: (d: Draft) => Draft) => void;
}

/** The Questions tab: name, description and the question cards, reordered by drag and drop (FORM-18…23). */
export function QuestionsTab({ workspace, draft, baseline, issues, onChange }: Props) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const typesQuery = useQuestionTypes(language);
  // the server's list names the types; the same names from the contract stand in while it loads
  const types: QuestionType[] = useMemo(
    () =>
      typesQuery.data ??
      QUESTION_TYPE_IDS.map((typeId) => ({ id: typeId, name: QUESTION_TYPE_NAMES[typeId][language] })),
    [typesQuery.data, language],
  );
  // questions saved frozen (`is_editable: false`) stay shown, not changed, until the draft makes them editable
  const frozen = !!baseline && !baseline.is_editable && !draft.is_editable;
  const fieldIssue = useFieldIssue();
  const [picking, setPicking] = useState(false);
  const questions = draft.questions;
  const count = questions.length;
  const full = count >= FORM_LIMITS.questionsMax;

  const sensors = useSensors(
    // a few pixels of movement before a drag, so a click on the handle stays a click
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const position = (id: UniqueIdentifier) => questions.findIndex((q) => q.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("forms-staff.dnd.start", { number: position(active.id), count }),
    onDragOver: ({ active, over }) =>
      over
        ? t("forms-staff.dnd.over", { number: position(active.id), position: position(over.id), count })
        : t("forms-staff.dnd.outside", { number: position(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t("forms-staff.dnd.end", { number: position(active.id), position: position(over.id), count })
        : t("forms-staff.dnd.cancel", { number: position(active.id) }),
    onDragCancel: ({ active }) => t("forms-staff.dnd.cancel", { number: position(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange((d) => {
      const from = d.questions.findIndex((q) => q.key === active.id);
      const to = d.questions.findIndex((q) => q.key === over.id);
      return from < 0 || to < 0 ? d : { ...d, questions: moveItem(d.questions, from, to) };
    });
  };

  const savedOrders = useMemo(() => {
    const map = new Map<number, { order: number }[]>();
    for (const q of baseline?.questions ?? []) map.set(q.id, q.question_options);
    return map;
  }, [baseline]);

  const update = (key: string, q: DraftQuestion) =>
    onChange((d) => ({ ...d, questions: d.questions.map((x) => (x.key === key ? q : x)) }));
  const add = (q: DraftQuestion) => {
    onChange((d) => ({ ...d, questions: [...d.questions, q] }));
    // the new card's text field, once rendered
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLElement>(`[data-question-key="${q.key}"] textarea:not([aria-hidden])`)
        ?.focus(),
    );
  };

  /** Deletes a question and moves the focus to the one now in its place (or the last), not to the page. */
  const remove = (key: string) => {
    const index = questions.findIndex((q) => q.key === key);
    const rest = questions.filter((q) => q.key !== key);
    const next = rest[Math.min(index, rest.length - 1)];
    onChange((d) => ({ ...d, questions: d.questions.filter((x) => x.key !== key) }));
    if (next) requestAnimationFrame(() => document.getElementById(`${next.key}-heading`)?.focus());
  };

  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <TextField
            label={t("forms-staff.editor.name")}
            value={draft.name}
            required
            margin="dense"
            {...fieldIssue(issues.name)}
            onChange={(e) => onChange((d) => ({ ...d, name: e.target.value }))}
            slotProps={{ htmlInput: { maxLength: FORM_LIMITS.nameMax } }}
          />
          <TextField
            label={t("forms-staff.editor.description")}
            value={draft.description}
            required
            multiline
            minRows={2}
            margin="dense"
            {...fieldIssue(issues.description)}
            onChange={(e) => onChange((d) => ({ ...d, description: e.target.value }))}
            slotProps={{ htmlInput: { maxLength: FORM_LIMITS.descriptionMax } }}
          />
        </CardContent>
      </Card>
      {frozen && <Alert severity="info">{t("forms-staff.editor.frozen")}</Alert>}
      {issues.questions && (
        <Alert severity="error" role="alert">
          {msg(issues.questions)}
        </Alert>
      )}
      <Typography variant="h2" sx={{ fontSize: "1.15rem" }}>
        {t("forms-staff.editor.questionsHeading", { count })}
      </Typography>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t("forms-staff.dnd.instructions") },
        }}
      >
        <SortableContext items={questions.map((q) => q.key)} strategy={verticalListSortingStrategy}>
          <Stack spacing={2}>
            {questions.map((q, i) => (
              <QuestionCard
                key={q.key}
                question={q}
                number={i + 1}
                types={types}
                savedOrders={(q.id !== undefined && savedOrders.get(q.id)) || []}
                issues={issues}
                frozen={frozen}
                canDelete={count > 1}
                onChange={(next) => update(q.key, next)}
                onDelete={() => remove(q.key)}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      {!frozen && (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => add(newQuestion())}
            disabled={full}
          >
            {t("forms-staff.editor.addQuestion")}
          </Button>
          <Button
            variant="outlined"
            startIcon={<LibraryAddOutlined />}
            onClick={() => setPicking(true)}
            disabled={full}
          >
            {t("forms-staff.editor.addFromBank")}
          </Button>
        </Stack>
      )}
      <BankPickerDialog
        open={picking}
        workspace={workspace}
        types={types}
        onClose={() => setPicking(false)}
        onPick={(b) => {
          setPicking(false);
          add(newQuestion(b.text, b.question_type_id));
        }}
      />
    </Stack>
  );
}
