import { FORM_LIMITS, type FormSummary } from "@mimamori/shared";
import AddIcon from "@mui/icons-material/Add";
import QuizOutlined from "@mui/icons-material/QuizOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Fragment, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteForm, useDuplicateForm, useForms, useUpdateForm } from "../../../api/forms";
import { useWorkspace } from "../../../app/session/workspace";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { ErrorState } from "../../../components/ErrorState";
import { useNotify } from "../../../components/Notifier";
import { Pager } from "../../../components/Pager";
import { usePageTitle } from "../../../components/usePageTitle";
import { useRowDialog } from "../../../components/useRowDialog";
import { FormCard } from "./FormCard";
import { NameEditor } from "./NameEditor";
import { formsPaths } from "./paths";
import { copyNameWithin } from "./progress";

const DEFAULT_PAGE_SIZE = FORM_LIMITS.listPageSizes[0];

/**
 * /staff/form: the entity's forms as cards, a page at a time from the server (issue 29 §5) (FORM-09) with open, duplicate (a temporary card whose name is edited
 * in place; naming it saves the copy, FORM-11), rename and delete (FORM-13); New form and the question bank.
 */
export function FormsPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { workspace: ws } = useWorkspace(true);
  const workspace = ws ?? "";
  const [paging, setPaging] = useState<{ page: number; size: number }>({ page: 0, size: DEFAULT_PAGE_SIZE });
  const forms = useForms(ws, { offset: paging.page * paging.size, limit: paging.size });
  const duplicate = useDuplicateForm(workspace);
  const rename = useUpdateForm(workspace);
  const remove = useDeleteForm(workspace);
  const [copying, setCopying] = useState<FormSummary | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const deleting = useRowDialog<FormSummary>();
  usePageTitle(t("forms-staff.list.title"));

  const list = forms.data?.rows ?? [];
  const total = forms.data?.total ?? 0;
  // a page emptied by deletions (or by another staff member) falls back to the last page that has forms
  const lastPage = Math.max(0, Math.ceil(total / paging.size) - 1);
  useEffect(() => {
    if (forms.data && paging.page > lastPage) setPaging((p) => ({ ...p, page: lastPage }));
  }, [forms.data, paging.page, lastPage]);
  const focusCard = (id: number) =>
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLElement>(
          `[aria-labelledby="form-${id}-name"] a, [aria-labelledby="form-${id}-name"] button`,
        )
        ?.focus(),
    );

  const copyCard = (source: FormSummary) => (
    <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
      <Card
        component="section"
        aria-label={t("forms-staff.list.copyCard", { name: source.name })}
        sx={{ height: "100%", borderStyle: "dashed", borderColor: "primary.main" }}
      >
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t("forms-staff.list.copyOf", { id: source.id })}
          </Typography>
          <NameEditor
            initial={copyNameWithin(t("forms-staff.list.copyName", { name: source.name }))}
            label={t("forms-staff.list.copyNameLabel")}
            onSave={async (name) => {
              const copy = await duplicate.mutateAsync({ id: source.id, name });
              setCopying(null);
              // the copy is the newest form: the first page shows it
              setPaging((p) => ({ ...p, page: 0 }));
              notify(t("forms-staff.list.duplicated", { name }), "success");
              // the list has been fetched again (the mutation waits for it): on to the new card
              focusCard(copy.id);
            }}
            onCancel={() => {
              setCopying(null);
              focusCard(source.id);
            }}
          />
        </CardContent>
      </Card>
    </Grid>
  );

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ alignItems: { xs: "stretch", sm: "center" }, justifyContent: "space-between" }}
      >
        <Typography variant="h1">{t("forms-staff.list.title")}</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Button variant="outlined" startIcon={<QuizOutlined />} href={formsPaths.bank(ws)}>
            {t("forms-staff.list.bank")}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} href={formsPaths.create(ws)}>
            {t("forms-staff.list.new")}
          </Button>
        </Stack>
      </Stack>
      {forms.isError && <ErrorState error={forms.error} onRetry={() => forms.refetch()} />}
      {forms.isPending && !forms.isError && (
        <Grid container spacing={2} role="status" aria-label={t("common.loading")}>
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={220} />
            </Grid>
          ))}
        </Grid>
      )}
      {forms.data && total === 0 && (
        <Card>
          <CardContent>
            <Typography sx={{ mb: 2 }}>{t("forms-staff.list.empty")}</Typography>
            <Button variant="contained" startIcon={<AddIcon />} href={formsPaths.create(ws)}>
              {t("forms-staff.list.new")}
            </Button>
          </CardContent>
        </Card>
      )}
      {list.length > 0 && (
        <Box component="section" aria-label={t("forms-staff.list.listLabel")}>
          <Grid container spacing={2}>
            {list.map((f) => (
              <Fragment key={f.id}>
                <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
                  <FormCard
                    form={f}
                    href={formsPaths.form(ws, f.id)}
                    nameEditor={
                      renaming === f.id ? (
                        <NameEditor
                          initial={f.name}
                          label={t("forms-staff.list.nameLabel")}
                          onSave={async (name) => {
                            if (name !== f.name) await rename.mutateAsync({ id: f.id, body: { name } });
                            setRenaming(null);
                            notify(t("forms-staff.list.renamed", { name }), "success");
                            focusCard(f.id);
                          }}
                          onCancel={() => {
                            setRenaming(null);
                            focusCard(f.id);
                          }}
                        />
                      ) : undefined
                    }
                    onDuplicate={() => {
                      setRenaming(null);
                      setCopying(f);
                    }}
                    onRename={() => {
                      setCopying(null);
                      setRenaming(f.id);
                    }}
                    onDelete={() => deleting.show(f)}
                  />
                </Grid>
                {copying?.id === f.id && copyCard(f)}
              </Fragment>
            ))}
          </Grid>
          <Pager
            count={total}
            page={Math.min(paging.page, lastPage)}
            pageSize={paging.size}
            pageSizes={FORM_LIMITS.listPageSizes}
            onPageChange={(page) => setPaging((p) => ({ ...p, page }))}
            onPageSizeChange={(size) => setPaging({ page: 0, size })}
            sizeLabel={t("forms-staff.list.perPage")}
          />
        </Box>
      )}
      <ConfirmDialog
        open={deleting.open}
        title={t("forms-staff.list.deleteTitle")}
        confirmLabel={t("ui.actions.delete")}
        onConfirm={deleting.confirm(async (f) => {
          await remove.mutateAsync(f.id);
          notify(t("forms-staff.list.deleted", { name: f.name }), "success");
        })}
        onClose={deleting.close}
      >
        <Typography sx={{ overflowWrap: "anywhere" }}>
          {t("forms-staff.list.deleteBody", { name: deleting.row?.name ?? "" })}
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
