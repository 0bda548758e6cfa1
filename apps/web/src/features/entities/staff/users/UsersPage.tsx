import { type MemberUser, PENDING_PAGE_SIZES } from "@mimamori/shared";
import CheckIcon from "@mui/icons-material/Check";
import CloseIcon from "@mui/icons-material/Close";
import FolderSharedOutlined from "@mui/icons-material/FolderSharedOutlined";
import PersonAddOutlined from "@mui/icons-material/PersonAddOutlined";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { entityEndpoints, entityKeys } from "../../../../api/entities";
import { errorMessage } from "../../../../api/errors";
import { useKeyUid } from "../../../../api/hooks";
import { memberDataPath } from "../../../../app/memberLinks";
import { staffPath, useWorkspace } from "../../../../app/session/workspace";
import { ConfirmDialog } from "../../../../components/ConfirmDialog";
import { type Column, DataTable } from "../../../../components/DataTable";
import { ErrorState } from "../../../../components/ErrorState";
import { useNotify } from "../../../../components/Notifier";
import { RowActions } from "../../../../components/RowActions";
import { SectionCard } from "../../../../components/SectionCard";
import { usePageTitle } from "../../../../components/usePageTitle";
import { useRowDialog } from "../../../../components/useRowDialog";
import { valueColumn } from "../../../../components/valueColumn";
import { formatDate } from "../../../../i18n/language";
import { useLanguage } from "../../../../i18n/useLanguage";
import { AddUsersDialog } from "./AddUsersDialog";
import { memberStatus } from "./memberStatus";

const STATUS_COLOUR = {
  invited: "secondary",
  unverified: "warning",
  active: "success",
  inactive: "default",
} as const;

/** /staff/users: add users, pending requests (3/6/9) and the users table (5/10/25) of the entity (spec §2). */
export function UsersPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const client = useQueryClient();
  const uid = useKeyUid();
  const { workspace: ws, name: entityName } = useWorkspace(true);
  const workspace = ws ?? "";
  const key = entityKeys.members(uid, workspace);
  const members = useQuery({
    queryKey: key,
    queryFn: () => entityEndpoints.members(workspace),
    enabled: !!ws,
  });
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const deleting = useRowDialog<MemberUser>();
  usePageTitle(t("entities-staff-users.title"));

  const pending = members.data?.filter((u) => u.is_pending);
  const accepted = members.data?.filter((u) => !u.is_pending);
  const date = (iso: string) => formatDate(new Date(iso), language, { dateStyle: "medium" });

  const act = async (u: MemberUser, call: () => Promise<MemberUser[]>, done: string) => {
    setBusy(u.id);
    try {
      client.setQueryData(key, await call());
      notify(done, "success");
    } catch (err) {
      notify(errorMessage(err, language), "error");
    } finally {
      setBusy(null);
    }
  };
  const answer = (u: MemberUser, accept: boolean) =>
    act(
      u,
      () => entityEndpoints.answerApplication(workspace, u.id, accept),
      t(accept ? "entities-staff-users.approved" : "entities-staff-users.rejected", { name: u.name }),
    );

  /** Removes a member, or withdraws an invitation not answered yet (the same call). */
  const remove = deleting.confirm(async (u) => {
    client.setQueryData(key, await entityEndpoints.deleteMember(workspace, u.id));
    notify(
      t(u.is_invited ? "entities-staff-users.withdrawn" : "entities-staff-users.deleted", { name: u.name }),
      "success",
    );
  });
  const withdrawing = deleting.row?.is_invited ?? false;
  const nameAndEmail: Column<MemberUser>[] = [
    valueColumn("name", t("entities-staff-users.name"), (u) => u.name),
    valueColumn("email", t("entities-staff-users.email"), (u) => u.email),
  ];

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="h1">{t("entities-staff-users.title")}</Typography>
        <Button
          variant="contained"
          startIcon={<PersonAddOutlined />}
          onClick={() => setAdding(true)}
          sx={{ flexShrink: 0 }}
        >
          {t("entities-staff-users.add")}
        </Button>
      </Stack>
      {members.isError && <ErrorState error={members.error} onRetry={() => members.refetch()} />}
      <SectionCard title={t("entities-staff-users.pendingTitle")}>
        <DataTable<MemberUser>
          label={t("entities-staff-users.pendingTitle")}
          rows={pending}
          loading={members.isPending}
          emptyText={t("entities-staff-users.noPending")}
          rowKey={(u) => u.id}
          pageSizes={PENDING_PAGE_SIZES}
          defaultPageSize={PENDING_PAGE_SIZES[0]}
          columns={[
            ...nameAndEmail,
            {
              id: "requested",
              label: t("entities-staff-users.requestedAt"),
              sortValue: (u) => u.created_at,
              render: (u) => date(u.created_at),
            },
            {
              id: "actions",
              label: t("ui.actions.actions"),
              hideLabel: true,
              align: "right",
              render: (u) => (
                <Stack direction="row" spacing={1} sx={{ justifyContent: { sm: "flex-end" } }}>
                  <Button
                    size="small"
                    variant="contained"
                    color="success"
                    startIcon={<CheckIcon />}
                    loading={busy === u.id}
                    aria-label={t("entities-staff-users.approveOf", { name: u.name })}
                    onClick={() => answer(u, true)}
                  >
                    {t("entities-staff-users.approve")}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<CloseIcon />}
                    disabled={busy === u.id}
                    aria-label={t("entities-staff-users.rejectOf", { name: u.name })}
                    onClick={() => answer(u, false)}
                  >
                    {t("entities-staff-users.reject")}
                  </Button>
                </Stack>
              ),
            },
          ]}
        />
      </SectionCard>
      <SectionCard title={t("entities-staff-users.usersTitle")}>
        <DataTable<MemberUser>
          label={t("entities-staff-users.usersTitle")}
          rows={accepted}
          loading={members.isPending}
          emptyText={t("entities-staff-users.noUsers")}
          rowKey={(u) => u.id}
          columns={[
            ...nameAndEmail,
            {
              id: "status",
              label: t("entities-staff-users.status"),
              sortValue: (u) => memberStatus(u),
              render: (u) => {
                const status = memberStatus(u);
                return (
                  <Chip
                    size="small"
                    color={STATUS_COLOUR[status]}
                    variant={status === "active" ? "filled" : "outlined"}
                    label={t(`entities-staff-users.userStatus.${status}`)}
                  />
                );
              },
            },
            {
              id: "actions",
              label: t("ui.actions.actions"),
              hideLabel: true,
              align: "right",
              render: (u) =>
                u.is_invited ? (
                  <Stack direction="row" sx={{ justifyContent: { sm: "flex-end" } }}>
                    <Button
                      size="small"
                      color="error"
                      aria-label={t("entities-staff-users.withdrawOf", { name: u.name })}
                      onClick={() => deleting.show(u)}
                    >
                      {t("entities-staff-users.withdraw")}
                    </Button>
                  </Stack>
                ) : (
                  <RowActions
                    actions={[
                      {
                        kind: "delete",
                        label: t("entities-staff-users.deleteOf", { name: u.name }),
                        onClick: () => deleting.show(u),
                      },
                    ]}
                  >
                    <Button
                      size="small"
                      component={RouterLink}
                      to={staffPath(memberDataPath(u.id), workspace)}
                      startIcon={<FolderSharedOutlined />}
                      aria-label={t("entities-staff-users.dataOf", { name: u.name })}
                    >
                      {t("entities-staff-users.data")}
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      loading={busy === u.id}
                      aria-label={t(
                        u.is_active ? "entities-staff-users.disableOf" : "entities-staff-users.enableOf",
                        {
                          name: u.name,
                        },
                      )}
                      onClick={() =>
                        act(
                          u,
                          () => entityEndpoints.setMemberActive(workspace, u.id, !u.is_active),
                          t(u.is_active ? "entities-staff-users.disabled" : "entities-staff-users.enabled", {
                            name: u.name,
                          }),
                        )
                      }
                    >
                      {u.is_active ? t("entities-staff-users.disable") : t("entities-staff-users.enable")}
                    </Button>
                  </RowActions>
                ),
            },
          ]}
        />
      </SectionCard>
      <AddUsersDialog
        open={adding}
        workspace={workspace}
        onClose={() => setAdding(false)}
        onRegistered={() => client.invalidateQueries({ queryKey: key })}
      />
      <ConfirmDialog
        open={deleting.open}
        title={t(withdrawing ? "entities-staff-users.withdrawTitle" : "entities-staff-users.deleteTitle")}
        confirmLabel={t(
          withdrawing ? "entities-staff-users.withdrawConfirm" : "entities-staff-users.deleteConfirm",
        )}
        onConfirm={remove}
        onClose={deleting.close}
      >
        <Typography gutterBottom sx={{ overflowWrap: "anywhere" }}>
          {t(withdrawing ? "entities-staff-users.withdrawBody" : "entities-staff-users.deleteBody", {
            name: deleting.row?.name ?? "",
            email: deleting.row?.email ?? "",
            entity: entityName ?? workspace,
          })}
        </Typography>
        {!withdrawing && <Typography>{t("entities-staff-users.deleteKept")}</Typography>}
      </ConfirmDialog>
    </Stack>
  );
}
