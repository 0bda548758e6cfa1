import type { DataAnswer, DataQuestion } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useNotify } from "../../../components/Notifier";
import { RowActions } from "../../../components/RowActions";
import { RuledItem, RuledList } from "../../../components/RuledList";
import { useRowDialog } from "../../../components/useRowDialog";
import { useLanguage } from "../../../i18n/useLanguage";
import { displayValue, formatInstant } from "../../forms/common/answerValues";
import { asFormQuestion } from "./dataItems";

interface Props {
  label: string;
  question: DataQuestion | null;
  answers: readonly DataAnswer[];
  emptyText?: string;
  /** Offered to the member only. */
  onDelete?: (answer: DataAnswer) => Promise<unknown>;
}

/** The answers of a form_data item, newest first, each with when it was given (DATA-04). */
export function AnswerList({ label, question, answers, emptyText, onDelete }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const deleting = useRowDialog<DataAnswer>();
  const shown = (a: DataAnswer) =>
    question ? displayValue(asFormQuestion(question), a.value, language) : a.value;
  const when = (a: DataAnswer) => formatInstant(a.created_at, language);
  const sorted = [...answers].sort((a, b) => b.created_at.localeCompare(a.created_at));

  if (sorted.length === 0) {
    return (
      <Typography color="text.secondary">{emptyText ?? t("data-items-common.answers.empty")}</Typography>
    );
  }
  return (
    <>
      <RuledList label={label}>
        {sorted.map((a) => (
          <RuledItem key={a.id} py={1.25}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
                {shown(a)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t("data-items-common.answers.answeredOn", { date: when(a) })}
              </Typography>
            </Box>
            {onDelete && (
              <RowActions
                actions={[
                  {
                    kind: "delete",
                    label: t("data-items-common.answers.deleteOf", { date: when(a) }),
                    onClick: () => deleting.show(a),
                  },
                ]}
              />
            )}
          </RuledItem>
        ))}
      </RuledList>
      {onDelete && (
        <ConfirmDialog
          open={deleting.open}
          title={t("data-items-common.answers.deleteTitle")}
          confirmLabel={t("data-items-common.answers.deleteConfirm")}
          onConfirm={deleting.confirm(async (a) => {
            await onDelete(a);
            notify(t("data-items-common.answers.deleted"), "success");
          })}
          onClose={deleting.close}
        >
          <Typography sx={{ overflowWrap: "anywhere" }}>
            {t("data-items-common.answers.deleteBody", {
              value: deleting.row ? shown(deleting.row) : "",
              date: deleting.row ? when(deleting.row) : "",
            })}
          </Typography>
        </ConfirmDialog>
      )}
    </>
  );
}
