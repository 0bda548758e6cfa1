import type { ClientEntity } from "@mimamori/shared";
import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errors";
import { orgEndpoints, orgKeys, useUidOrDash } from "../../../api/organisations";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { useNotify } from "../../../components/Notifier";
import { usePageTitle } from "../../../components/usePageTitle";
import { useRowDialog } from "../../../components/useRowDialog";
import { useLanguage } from "../../../i18n/useLanguage";
import { AddEntityDialog } from "./AddEntityDialog";
import { useMyEntities } from "./hooks";
import { StatusChip } from "./StatusChip";

/**
 * /client/entities: public entities, the client's own and those that invited them, with accept or decline
 * (invitations), apply, cancel, quit and the add dialog.
 */
export function EntitiesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const client = useQueryClient();
  const uid = useUidOrDash();
  const entities = useMyEntities();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const quitting = useRowDialog<ClientEntity>();
  const answering = useRowDialog<{ entity: ClientEntity; accept: boolean }>();
  usePageTitle(t("client-entities.title"));

  const refresh = () => client.invalidateQueries({ queryKey: orgKeys.myEntities(uid) });

  const act = async (entity: ClientEntity, call: () => Promise<unknown>, done: string) => {
    setBusy(entity.workspace_name);
    try {
      await call();
      await refresh();
      notify(done, "success");
    } catch (err) {
      notify(errorMessage(err, language), "error");
    } finally {
      setBusy(null);
    }
  };

  const quit = quitting.confirm(async (entity) => {
    await orgEndpoints.quitEntity(entity.workspace_name);
    await refresh();
    notify(t("client-entities.quitDone", { name: entity.name }), "success");
  });

  /** Accepting is the person's consent (the entity sees band data from then on); both ask first. */
  const answer = answering.confirm(async ({ entity, accept }) => {
    const role = entity.invitation?.role;
    if (!role) return;
    await orgEndpoints.answerInvitation(entity.workspace_name, role, accept);
    await refresh();
    const done = accept ? (role === "staff" ? "acceptedStaff" : "accepted") : "declined";
    notify(t(`client-entities.${done}`, { name: entity.name }), "success");
  });
  const accepting = answering.row?.accept ?? true;
  const role = answering.row?.entity.invitation?.role ?? "client";
  const answerName = { name: answering.row?.entity.name ?? "" };

  const actions = (e: ClientEntity) => {
    const working = busy === e.workspace_name;
    const detail = `/client/entities/${encodeURIComponent(e.workspace_name)}`;
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Button
          size="small"
          variant="outlined"
          {...(e.status === "added" ? { href: detail } : { disabled: true })}
        >
          {t("client-entities.detail")}
        </Button>
        {e.status === "added" && (
          <Button size="small" color="error" onClick={() => quitting.show(e)}>
            {t("client-entities.quit")}
          </Button>
        )}
        {e.invitation && (
          <>
            <Button
              size="small"
              variant="contained"
              onClick={() => answering.show({ entity: e, accept: true })}
            >
              {t(e.invitation.role === "staff" ? "client-entities.acceptStaff" : "client-entities.accept")}
            </Button>
            <Button size="small" color="error" onClick={() => answering.show({ entity: e, accept: false })}>
              {t(e.invitation.role === "staff" ? "client-entities.declineStaff" : "client-entities.decline")}
            </Button>
          </>
        )}
        {e.status !== "added" && e.is_pending && (
          <Button
            size="small"
            loading={working}
            onClick={() =>
              act(
                e,
                () => orgEndpoints.cancelApplication(e.workspace_name),
                t("client-entities.cancelled", { name: e.name }),
              )
            }
          >
            {t("client-entities.cancel")}
          </Button>
        )}
        {e.status !== "added" && !e.is_pending && e.invitation?.role !== "client" && (
          <Button
            size="small"
            variant="contained"
            loading={working}
            onClick={() =>
              act(
                e,
                () => orgEndpoints.applyEntity(e.workspace_name),
                t("client-entities.applied", { name: e.name }),
              )
            }
          >
            {t("client-entities.apply")}
          </Button>
        )}
      </Stack>
    );
  };

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="h1">{t("client-entities.title")}</Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          sx={{ flexShrink: 0 }}
        >
          {t("client-entities.add")}
        </Button>
      </Stack>
      <Typography color="text.secondary">{t("client-entities.intro")}</Typography>
      {entities.isError && <ErrorState error={entities.error} onRetry={() => entities.refetch()} />}
      <Card>
        <CardContent>
          <DataTable<ClientEntity>
            label={t("client-entities.title")}
            rows={entities.data}
            loading={entities.isPending}
            emptyText={t("client-entities.empty")}
            rowKey={(e) => e.workspace_name}
            columns={[
              {
                id: "name",
                label: t("client-entities.name"),
                minWidth: 160,
                render: (e) => e.name,
                sortValue: (e) => e.name,
              },
              { id: "description", label: t("client-entities.description"), render: (e) => e.description },
              {
                id: "status",
                label: t("client-entities.statusLabel"),
                minWidth: 110,
                render: (e) => <StatusChip entity={e} />,
                sortValue: (e) => (e.invitation ? 0 : e.status === "added" ? 1 : e.is_pending ? 2 : 3),
              },
              { id: "actions", label: t("ui.actions.actions"), render: actions, width: 240 },
            ]}
          />
        </CardContent>
      </Card>
      <AddEntityDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={quitting.open}
        title={t("client-entities.quitTitle", { name: quitting.row?.name ?? "" })}
        confirmLabel={t("client-entities.quitConfirm")}
        onConfirm={quit}
        onClose={quitting.close}
      >
        <Typography gutterBottom>{t("client-entities.quitBody")}</Typography>
        <Typography>{t("client-entities.quitKept")}</Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={answering.open}
        destructive={!accepting}
        title={
          accepting
            ? t(
                role === "staff" ? "client-entities.acceptStaffTitle" : "client-entities.acceptTitle",
                answerName,
              )
            : t("client-entities.declineTitle", answerName)
        }
        confirmLabel={t(accepting ? "client-entities.accept" : "client-entities.decline")}
        onConfirm={answer}
        onClose={answering.close}
      >
        <Typography>
          {accepting
            ? t(
                role === "staff" ? "client-entities.acceptStaffBody" : "client-entities.acceptBody",
                answerName,
              )
            : t("client-entities.declineBody", answerName)}
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
