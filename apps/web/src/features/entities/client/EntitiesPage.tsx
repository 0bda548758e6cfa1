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
import { entityEndpoints, entityKeys } from "../../../api/entities";
import { errorMessage } from "../../../api/errors";
import { useKeyUid } from "../../../api/hooks";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { useNotify } from "../../../components/Notifier";
import { usePageTitle } from "../../../components/usePageTitle";
import { useRowDialog } from "../../../components/useRowDialog";
import { valueColumn } from "../../../components/valueColumn";
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
  const uid = useKeyUid();
  const entities = useMyEntities();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const quitting = useRowDialog<ClientEntity>();
  const answering = useRowDialog<{ entity: ClientEntity; accept: boolean }>();
  usePageTitle(t("entities-client.title"));

  const refresh = () => client.invalidateQueries({ queryKey: entityKeys.myEntities(uid) });

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
    await entityEndpoints.quitEntity(entity.workspace_name);
    await refresh();
    notify(t("entities-client.quitDone", { name: entity.name }), "success");
  });

  /** Accepting is the person's consent (the entity sees band data from then on); both ask first. */
  const answer = answering.confirm(async ({ entity, accept }) => {
    const role = entity.invitation?.role;
    if (!role) return;
    await entityEndpoints.answerInvitation(entity.workspace_name, role, accept);
    await refresh();
    const done = accept ? (role === "staff" ? "acceptedStaff" : "accepted") : "declined";
    notify(t(`entities-client.${done}`, { name: entity.name }), "success");
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
          {t("entities-client.detail")}
        </Button>
        {e.status === "added" && (
          <Button size="small" color="error" onClick={() => quitting.show(e)}>
            {t("entities-client.quit")}
          </Button>
        )}
        {e.invitation && (
          <>
            <Button
              size="small"
              variant="contained"
              onClick={() => answering.show({ entity: e, accept: true })}
            >
              {t(e.invitation.role === "staff" ? "entities-client.acceptStaff" : "entities-client.accept")}
            </Button>
            <Button size="small" color="error" onClick={() => answering.show({ entity: e, accept: false })}>
              {t(e.invitation.role === "staff" ? "entities-client.declineStaff" : "entities-client.decline")}
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
                () => entityEndpoints.cancelApplication(e.workspace_name),
                t("entities-client.cancelled", { name: e.name }),
              )
            }
          >
            {t("entities-client.cancel")}
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
                () => entityEndpoints.applyEntity(e.workspace_name),
                t("entities-client.applied", { name: e.name }),
              )
            }
          >
            {t("entities-client.apply")}
          </Button>
        )}
      </Stack>
    );
  };

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="h1">{t("entities-client.title")}</Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          sx={{ flexShrink: 0 }}
        >
          {t("entities-client.add")}
        </Button>
      </Stack>
      <Typography color="text.secondary">{t("entities-client.intro")}</Typography>
      {entities.isError && <ErrorState error={entities.error} onRetry={() => entities.refetch()} />}
      <Card>
        <CardContent>
          <DataTable<ClientEntity>
            label={t("entities-client.title")}
            rows={entities.data}
            loading={entities.isPending}
            emptyText={t("entities-client.empty")}
            rowKey={(e) => e.workspace_name}
            columns={[
              valueColumn("name", t("entities-client.name"), (e) => e.name, { minWidth: 160 }),
              { id: "description", label: t("entities-client.description"), render: (e) => e.description },
              {
                id: "status",
                label: t("entities-client.statusLabel"),
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
        title={t("entities-client.quitTitle", { name: quitting.row?.name ?? "" })}
        confirmLabel={t("entities-client.quitConfirm")}
        onConfirm={quit}
        onClose={quitting.close}
      >
        <Typography gutterBottom>{t("entities-client.quitBody")}</Typography>
        <Typography>{t("entities-client.quitKept")}</Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={answering.open}
        destructive={!accepting}
        title={
          accepting
            ? t(
                role === "staff" ? "entities-client.acceptStaffTitle" : "entities-client.acceptTitle",
                answerName,
              )
            : t("entities-client.declineTitle", answerName)
        }
        confirmLabel={t(accepting ? "entities-client.accept" : "entities-client.decline")}
        onConfirm={answer}
        onClose={answering.close}
      >
        <Typography>
          {accepting
            ? t(
                role === "staff" ? "entities-client.acceptStaffBody" : "entities-client.acceptBody",
                answerName,
              )
            : t("entities-client.declineBody", answerName)}
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
