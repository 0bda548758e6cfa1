import type { DataItemType } from "@mimamori/shared";
import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useDataTypes, useDeleteDataType } from "../../../api/data-items";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { useNotify } from "../../../components/Notifier";
import { RowActions } from "../../../components/RowActions";
import { chipColumn, codeColumn } from "../../../components/styledColumns";
import { usePageTitle } from "../../../components/usePageTitle";
import { useRowDialog } from "../../../components/useRowDialog";
import { valueColumn } from "../../../components/valueColumn";
import { useLanguage } from "../../../i18n/useLanguage";
import { DataTypeDialog } from "./DataTypeDialog";

/**
 * /admin/data-types: the catalogue of personal data item types (issue 12 §1): list, add, edit, delete after a
 * confirmation. The server refuses (409) what would break members' items; its message is shown as it says it.
 */
export function DataTypesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const types = useDataTypes();
  const remove = useDeleteDataType();
  const editing = useRowDialog<DataItemType>();
  const deleting = useRowDialog<DataItemType>();
  usePageTitle(t("admin-data-types.title"));

  const nameOf = (d: DataItemType) => (language === "jp" ? d.name_jp : d.name_en);
  const questionOf = (d: DataItemType) =>
    d.question ? (language === "jp" ? d.question.text_jp : d.question.text_en) : null;

  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
      >
        <Typography variant="h1">{t("admin-data-types.title")}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => editing.show()}>
          {t("admin-data-types.add")}
        </Button>
      </Stack>
      <Typography color="text.secondary">{t("admin-data-types.intro")}</Typography>
      {types.isError && <ErrorState error={types.error} onRetry={() => types.refetch()} />}
      <Card>
        <CardContent>
          <DataTable<DataItemType>
            label={t("admin-data-types.tableLabel")}
            rows={types.data}
            loading={types.isPending}
            emptyText={t("admin-data-types.empty")}
            rowKey={(d) => String(d.id)}
            initialSort={{ by: "key", direction: "asc" }}
            columns={[
              {
                id: "name",
                label: t("admin-data-types.name"),
                minWidth: 160,
                sortValue: nameOf,
                render: (d) => (
                  <>
                    <Typography sx={{ fontWeight: 600 }}>{nameOf(d)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {language === "jp" ? d.description_jp : d.description_en}
                    </Typography>
                  </>
                ),
              },
              codeColumn("key", t("admin-data-types.key"), (d) => d.key),
              chipColumn(
                "kind",
                t("admin-data-types.dataType"),
                (d) => d.data_type,
                (kind) => ({
                  label: t(`admin-data-types.kind.${kind}`),
                }),
              ),
              {
                id: "question",
                label: t("admin-data-types.question"),
                render: (d) => questionOf(d) ?? t("admin-data-types.noQuestion"),
              },
              valueColumn("items", t("admin-data-types.items"), (d) => d.items, { align: "right" }),
              {
                id: "actions",
                label: t("ui.actions.actions"),
                hideLabel: true,
                align: "right",
                render: (d) => (
                  <RowActions
                    actions={[
                      {
                        kind: "edit",
                        label: t("admin-data-types.editOf", { name: nameOf(d) }),
                        onClick: () => editing.show(d),
                      },
                      {
                        kind: "delete",
                        label: t("admin-data-types.deleteOf", { name: nameOf(d) }),
                        onClick: () => deleting.show(d),
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
        </CardContent>
      </Card>
      <DataTypeDialog open={editing.open} type={editing.row} onClose={editing.close} />
      <ConfirmDialog
        open={deleting.open}
        title={t("admin-data-types.deleteTitle")}
        confirmLabel={t("admin-data-types.deleteConfirm")}
        onConfirm={deleting.confirm(async (d) => {
          await remove.mutateAsync(d.id);
          notify(t("admin-data-types.deleted"), "success");
        })}
        onClose={deleting.close}
      >
        <Typography sx={{ overflowWrap: "anywhere" }}>
          {t("admin-data-types.deleteBody", { name: deleting.row ? nameOf(deleting.row) : "" })}
        </Typography>
        {(deleting.row?.items ?? 0) > 0 && (
          <Typography sx={{ mt: 1, fontWeight: 500 }}>
            {t("admin-data-types.deleteHeld", { count: deleting.row?.items ?? 0 })}
          </Typography>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
