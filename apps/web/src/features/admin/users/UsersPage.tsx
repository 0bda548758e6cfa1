import type { AdminUser } from "@mimamori/shared";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { entityEndpoints, entityKeys } from "../../../api/entities";
import { useKeyUid } from "../../../api/hooks";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { useNotify } from "../../../components/Notifier";
import { usePageTitle } from "../../../components/usePageTitle";
import { useRowDialog } from "../../../components/useRowDialog";
import { valueColumn } from "../../../components/valueColumn";
import { useMessage } from "../../../i18n/useLanguage";
import { AdminDeletionButton } from "../../account-deletion/AdminDeletionButton";
import { DownloadDialog } from "./DownloadDialog";

const ALL = "all_entities";

/** /admin/users: users of one entity or of all, each with a CSV download and account deletion (spec §2). */
export function UsersPage() {
  const { t } = useTranslation();
  const msg = useMessage();
  const notify = useNotify();
  const uid = useKeyUid();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const scope = params.get("entity") || ALL;
  const entities = useQuery({ queryKey: entityKeys.entities(uid), queryFn: entityEndpoints.entities });
  const users = useQuery({
    queryKey: entityKeys.adminUsers(uid, scope),
    queryFn: () => entityEndpoints.adminUsers(scope),
  });
  const download = useRowDialog<AdminUser>();
  const deleting = useRowDialog<AdminUser>();
  usePageTitle(t("admin-users.title"));

  const remove = deleting.confirm(async (user) => {
    await entityEndpoints.deleteAccount(user.uid);
    await client.invalidateQueries({ queryKey: ["user", uid, "admin-users"] });
    void client.invalidateQueries({ queryKey: entityKeys.entities(uid) });
    notify(msg("request-successful"), "success");
  });

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t("admin-users.title")}</Typography>
      <Card>
        <CardContent>
          <TextField
            select
            label={t("admin-users.entity")}
            value={scope}
            onChange={(e) =>
              setParams(e.target.value === ALL ? {} : { entity: e.target.value }, { replace: true })
            }
            sx={{ maxWidth: { sm: 360 }, mt: 0 }}
          >
            <MenuItem value={ALL}>{t("admin-users.allEntities")}</MenuItem>
            {(entities.data ?? []).map((e) => (
              <MenuItem key={e.workspace_name} value={e.workspace_name}>
                {e.name}
              </MenuItem>
            ))}
            {entities.data && scope !== ALL && !entities.data.some((e) => e.workspace_name === scope) && (
              <MenuItem value={scope}>{scope}</MenuItem>
            )}
          </TextField>
          {users.isError && (
            <Box sx={{ my: 2 }}>
              <ErrorState error={users.error} onRetry={() => users.refetch()} />
            </Box>
          )}
          <DataTable<AdminUser>
            label={t("admin-users.title")}
            rows={users.data}
            loading={users.isPending}
            emptyText={t("admin-users.empty")}
            rowKey={(u) => u.uid}
            initialSort={{ by: "email", direction: "asc" }}
            columns={[
              {
                id: "uid",
                label: t("admin-users.uid"),
                render: (u) => (
                  <Box component="code" sx={{ fontSize: "0.8rem", overflowWrap: "anywhere" }}>
                    {u.uid}
                  </Box>
                ),
              },
              { id: "name", label: t("admin-users.name"), render: (u) => u.name, sortValue: (u) => u.name },
              valueColumn("email", t("admin-users.email"), (u) => u.email),
              {
                id: "actions",
                label: t("ui.actions.actions"),
                hideLabel: true,
                align: "right",
                render: (u) => (
                  <Stack direction="row" spacing={0.5} sx={{ justifyContent: { sm: "flex-end" } }}>
                    <Tooltip title={t("admin-users.downloadCsv")}>
                      <IconButton
                        aria-label={t("admin-users.downloadCsvOf", { name: u.name || u.email })}
                        onClick={() => download.show(u)}
                      >
                        <FileDownloadOutlined />
                      </IconButton>
                    </Tooltip>
                    <Tooltip
                      title={
                        u.uid === uid ? t("admin-users.cannotDeleteSelf") : t("admin-users.deleteAccount")
                      }
                    >
                      <span>
                        <IconButton
                          color="error"
                          disabled={u.uid === uid}
                          aria-label={t("admin-users.deleteAccountOf", { name: u.name || u.email })}
                          onClick={() => deleting.show(u)}
                        >
                          <DeleteOutlined />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <AdminDeletionButton user={u} self={u.uid === uid} />
                  </Stack>
                ),
              },
            ]}
          />
        </CardContent>
      </Card>
      <DownloadDialog open={download.open} user={download.row} onClose={download.close} />
      <ConfirmDialog
        open={deleting.open}
        title={t("admin-users.deleteTitle")}
        confirmLabel={t("admin-users.deleteConfirm")}
        onConfirm={remove}
        onClose={deleting.close}
      >
        <Typography gutterBottom sx={{ overflowWrap: "anywhere" }}>
          {t("admin-users.deleteBody", {
            name: deleting.row?.name ?? "",
            email: deleting.row?.email ?? "",
          })}
        </Typography>
        <Typography>{t("admin-users.deletePermanent")}</Typography>
      </ConfirmDialog>
    </Stack>
  );
}
