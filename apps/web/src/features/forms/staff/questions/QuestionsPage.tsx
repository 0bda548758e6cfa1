import {
  type BankQuestion,
  QUESTION_TYPE_IDS,
  QUESTION_TYPE_NAMES,
  type QuestionType,
} from "@mimamori/shared";
import AddIcon from "@mui/icons-material/Add";
import ArrowBack from "@mui/icons-material/ArrowBack";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useBankQuestions, useDeleteQuestion, useQuestionTypes } from "../../../../api/forms";
import { staffPath, useEntityTimeZone, useWorkspace } from "../../../../app/session/workspace";
import { ConfirmDialog } from "../../../../components/ConfirmDialog";
import { DataTable } from "../../../../components/DataTable";
import { ErrorState } from "../../../../components/ErrorState";
import { useNotify } from "../../../../components/Notifier";
import { RowActions } from "../../../../components/RowActions";
import { TimeZoneNote } from "../../../../components/TimeZoneNote";
import { usePageTitle } from "../../../../components/usePageTitle";
import { useRowDialog } from "../../../../components/useRowDialog";
import { formatDate } from "../../../../i18n/language";
import { useLanguage } from "../../../../i18n/useLanguage";
import { QuestionDialog } from "./QuestionDialog";

/** /staff/questions: the entity's question bank with add, edit (text) and delete (FORM-01…05). */
export function QuestionsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const { workspace: ws, name: entityName } = useWorkspace(true);
  const workspace = ws ?? "";
  const bank = useBankQuestions(ws);
  const typesQuery = useQuestionTypes(language);
  const remove = useDeleteQuestion(workspace);
  const editing = useRowDialog<BankQuestion>();
  const deleting = useRowDialog<BankQuestion>();
  usePageTitle(t("forms-staff-questions.title"));

  // the server's list names the types (FORM-05); the contract's names stand in while it loads
  const types: QuestionType[] = useMemo(
    () => typesQuery.data ?? QUESTION_TYPE_IDS.map((id) => ({ id, name: QUESTION_TYPE_NAMES[id][language] })),
    [typesQuery.data, language],
  );
  const typeName = (id: number) => types.find((x) => x.id === id)?.name ?? String(id);
  // the entity's clock, named under the intro (docs/decisions.md "Times")
  const zone = useEntityTimeZone();
  const date = (iso: string) =>
    zone
      ? formatDate(new Date(iso), language, {
          dateStyle: "medium",
          timeStyle: "short",
          hourCycle: "h23",
          timeZone: zone,
        })
      : "…";

  return (
    <Stack spacing={3}>
      <Button
        href={staffPath("/staff/form", ws)}
        startIcon={<ArrowBack />}
        size="small"
        sx={{ alignSelf: "flex-start" }}
      >
        {t("forms-staff-questions.backToForms")}
      </Button>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ alignItems: { xs: "stretch", sm: "center" }, justifyContent: "space-between" }}
      >
        <Typography variant="h1">{t("forms-staff-questions.title")}</Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => editing.show()}
          sx={{ flexShrink: 0, alignSelf: { xs: "flex-start", sm: "center" } }}
        >
          {t("forms-staff-questions.add")}
        </Button>
      </Stack>
      <Typography color="text.secondary">{t("forms-staff-questions.intro")}</Typography>
      {zone && <TimeZoneNote zone={zone} clock="entity" />}
      {bank.isError && <ErrorState error={bank.error} onRetry={() => bank.refetch()} />}
      <Card>
        <CardContent>
          <DataTable<BankQuestion>
            label={t("forms-staff-questions.tableLabel", { name: entityName ?? workspace })}
            rows={bank.data}
            loading={bank.isPending && !bank.isError}
            rowKey={(q) => String(q.id)}
            emptyText={t("forms-staff-questions.empty")}
            initialSort={{ by: "updated", direction: "desc" }}
            columns={[
              {
                id: "text",
                label: t("forms-staff-questions.text"),
                minWidth: 200,
                sortValue: (q) => q.text,
                render: (q) => q.text,
              },
              {
                id: "type",
                label: t("forms-staff-questions.type"),
                sortValue: (q) => typeName(q.question_type_id),
                render: (q) => typeName(q.question_type_id),
              },
              {
                id: "updated",
                label: t("forms-staff-questions.updated"),
                sortValue: (q) => q.updated_at,
                render: (q) => date(q.updated_at),
              },
              {
                id: "actions",
                label: t("ui.actions.actions"),
                hideLabel: true,
                align: "right",
                width: 112,
                render: (q) => (
                  <RowActions
                    actions={[
                      {
                        kind: "edit",
                        label: t("forms-staff-questions.editOf", { text: q.text }),
                        onClick: () => editing.show(q),
                      },
                      {
                        kind: "delete",
                        label: t("forms-staff-questions.deleteOf", { text: q.text }),
                        onClick: () => deleting.show(q),
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
        </CardContent>
      </Card>
      <QuestionDialog
        open={editing.open}
        workspace={workspace}
        types={types}
        question={editing.row}
        onClose={editing.close}
        onSaved={() =>
          notify(t(editing.row ? "forms-staff-questions.saved" : "forms-staff-questions.added"), "success")
        }
      />
      <ConfirmDialog
        open={deleting.open}
        title={t("forms-staff-questions.deleteTitle")}
        confirmLabel={t("ui.actions.delete")}
        onConfirm={deleting.confirm(async (q) => {
          await remove.mutateAsync(q.id);
          notify(t("forms-staff-questions.deleted"), "success");
        })}
        onClose={deleting.close}
      >
        <Typography sx={{ overflowWrap: "anywhere" }}>
          {t("forms-staff-questions.deleteBody", { text: deleting.row?.text ?? "" })}
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
