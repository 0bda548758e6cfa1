import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { FORM_LIMITS, isChoiceType, type QuestionType } from "@mimamori/shared";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import DragIndicator from "@mui/icons-material/DragIndicator";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { type DraftQuestion, withType } from "./draft";
import { OptionsEditor } from "./OptionsEditor";
import { useFieldIssue } from "./useFieldIssue";
import type { Issues } from "./validation";

interface Props {
  question: DraftQuestion;
  number: number;
  types: readonly QuestionType[];
  savedOrders: readonly { order: number }[];
  issues: Issues;
  /** The form's questions are frozen (`is_editable: false`): shown, not changed. */
  frozen: boolean;
  /** Deleting is offered while the form has more than one question (a form needs one). */
  canDelete: boolean;
  onChange: (q: DraftQuestion) => void;
  onDelete: () => void;
}

/**
 * One question of the editor: text, type, required, options of a choice type, delete, and a drag handle that
 * moves it by mouse, touch or keyboard (Space to pick up, arrows to move, Space to drop, Escape to cancel).
 */
export function QuestionCard({
  question: q,
  number,
  types,
  savedOrders,
  issues,
  frozen,
  canDelete,
  onChange,
  onDelete,
}: Props) {
  const { t } = useTranslation();
  const fieldIssue = useFieldIssue();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: q.key,
      disabled: frozen,
      attributes: { roleDescription: t("forms-staff.dnd.roleDescription") },
    });
  const textError = issues[`question:${q.key}:text`];
  const typeError = issues[`question:${q.key}:type`];
  const headingId = `${q.key}-heading`;

  return (
    <Card
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      data-question-key={q.key}
      sx={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: "relative",
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 6 : undefined,
        opacity: isDragging ? 0.95 : 1,
      }}
    >
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, "&:last-child": { pb: { xs: 1.5, sm: 2 } } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
          {!frozen && (
            <Tooltip title={t("forms-staff.dnd.handleHint")}>
              <IconButton
                ref={setActivatorNodeRef}
                {...attributes}
                {...listeners}
                aria-label={t("forms-staff.dnd.handle", { number })}
                size="small"
                // the handle owns touch gestures so a drag does not scroll the page
                sx={{ cursor: isDragging ? "grabbing" : "grab", touchAction: "none" }}
              >
                <DragIndicator />
              </IconButton>
            </Tooltip>
          )}
          <Typography
            id={headingId}
            variant="h3"
            component="h3"
            // the focus lands here after the question before it is deleted
            tabIndex={-1}
            sx={{ flexGrow: 1, fontSize: "1rem", fontWeight: 600, "&:focus-visible": { outline: 2 } }}
          >
            {t("forms-staff.question.heading", { number })}
          </Typography>
          {!frozen && (
            <Tooltip title={t("forms-staff.question.delete")}>
              <span>
                <IconButton
                  aria-label={t("forms-staff.question.deleteOf", { number })}
                  color="error"
                  onClick={onDelete}
                  disabled={!canDelete}
                >
                  <DeleteOutlined />
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Stack>
        <TextField
          label={t("forms-staff.question.text")}
          value={q.text}
          required
          multiline
          minRows={1}
          margin="dense"
          disabled={frozen}
          {...fieldIssue(textError)}
          onChange={(e) => onChange({ ...q, text: e.target.value })}
          slotProps={{ htmlInput: { maxLength: FORM_LIMITS.questionTextMax } }}
        />
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={{ xs: 0, sm: 2 }}
          sx={{ alignItems: { xs: "stretch", sm: "center" } }}
        >
          <TextField
            select
            label={t("forms-staff.question.type")}
            value={q.question_type}
            required
            margin="dense"
            disabled={frozen}
            {...fieldIssue(typeError)}
            onChange={(e) => onChange(withType(q, Number(e.target.value)))}
            sx={{ maxWidth: { sm: 320 } }}
          >
            {types.map((type) => (
              <MenuItem key={type.id} value={type.id}>
                {type.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={q.is_required}
                onChange={(e) => onChange({ ...q, is_required: e.target.checked })}
                disabled={frozen}
              />
            }
            label={t("forms-staff.question.required")}
            sx={{ ml: { xs: 0, sm: 1 }, mt: { xs: 0.5, sm: 0 } }}
          />
        </Stack>
        {isChoiceType(q.question_type) && (
          <Box sx={{ mt: 1.5 }}>
            <OptionsEditor
              question={q}
              number={number}
              savedOrders={savedOrders}
              issues={issues}
              disabled={frozen}
              onChange={(options) => onChange({ ...q, options })}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
