import type { WebhookEndpoint } from "@mimamori/shared";
import AddLinkOutlined from "@mui/icons-material/AddLinkOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import KeyOutlined from "@mui/icons-material/KeyOutlined";
import SendOutlined from "@mui/icons-material/SendOutlined";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errors";
import { useKeyUid } from "../../../api/hooks";
import { useWebhooks, type WebhookScope, webhookEndpoints, webhookKeys } from "../../../api/webhooks";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { useNotify } from "../../../components/Notifier";
import { RowActions } from "../../../components/RowActions";
import { useRowDialog } from "../../../components/useRowDialog";
import { useLanguage } from "../../../i18n/useLanguage";
import { AddWebhookDialog } from "./AddWebhookDialog";
import { DeliveryLogDialog } from "./DeliveryLogDialog";
import { SecretDialog } from "./SecretDialog";

/**
 * An entity's webhook endpoints (issue 31 §6), for its staff (`webhooks/staff/`) and for an admin managing the
 * entity (`entities/admin/`), through `scope`'s calls: add (the secret shown once), on/off, send a test, a new
 * secret, delete with a confirmation, and each one's delivery log (times on the entity's clock, `timeZone`).
 * `header` stands beside the add button; `framed` puts the table in a card of its own (a page, not a card).
 */
export function WebhookList({
  scope,
  entityName,
  timeZone,
  header,
  framed = true,
}: {
  /** null while the page's entity is not known yet. */
  scope: WebhookScope | null;
  entityName: string;
  timeZone: string;
  header: ReactNode;
  framed?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const client = useQueryClient();
  const uid = useKeyUid();
  const list = useWebhooks(scope);
  const at: WebhookScope = scope ?? { area: "staff", workspace: "" };
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const deleting = useRowDialog<WebhookEndpoint>();
  const rotating = useRowDialog<WebhookEndpoint>();
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);

  const refresh = () => client.invalidateQueries({ queryKey: webhookKeys.all(uid, at) });

  const act = async (e: WebhookEndpoint, work: () => Promise<void>) => {
    setBusy(e.id);
    try {
      await work();
    } catch (err) {
      notify(errorMessage(err, language), "error");
    } finally {
      setBusy(null);
    }
  };

  const toggle = (e: WebhookEndpoint, enabled: boolean) =>
    act(e, async () => {
      await webhookEndpoints.update(at, e.id, { enabled });
      await refresh();
      notify(t("webhooks-common.saved"), "success");
    });

  const test = (e: WebhookEndpoint) =>
    act(e, async () => {
      const d = await webhookEndpoints.test(at, e.id);
      await client.invalidateQueries({ queryKey: webhookKeys.deliveries(uid, at, e.id) });
      if (d.status === "delivered")
        notify(t("webhooks-common.tested", { code: d.last_status_code ?? "" }), "success");
      else if (d.attempts === 0) notify(t("webhooks-common.testQueued"), "warning");
      else notify(t("webhooks-common.testFailed", { error: d.last_error ?? "" }), "error");
    });

  const table = (
    <DataTable<WebhookEndpoint>
      label={t("webhooks-common.tableLabel", { name: entityName })}
      rows={list.data?.endpoints}
      loading={list.isPending && !list.isError}
      rowKey={(e) => e.id}
      emptyText={t("webhooks-common.empty")}
      columns={[
        {
          id: "url",
          label: t("webhooks-common.url"),
          sortValue: (e) => e.url,
          minWidth: 180,
          render: (e) => (
            <>
              <Typography variant="body2" sx={{ wordBreak: "break-all" }}>
                {e.url}
              </Typography>
              {e.description && (
                <Typography variant="caption" color="text.secondary">
                  {e.description}
                </Typography>
              )}
            </>
          ),
        },
        {
          id: "kinds",
          label: t("webhooks-common.kinds"),
          render: (e) => (
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap" }}>
              {e.kinds.map((k) => (
                <Chip key={k} size="small" label={t(`webhooks-common.kind.${k as 1 | 2}`)} />
              ))}
            </Stack>
          ),
        },
        {
          id: "enabled",
          label: t("webhooks-common.enabled"),
          render: (e) => (
            <Switch
              checked={e.enabled}
              disabled={busy === e.id}
              onChange={(ev) => toggle(e, ev.target.checked)}
              slotProps={{ input: { "aria-label": t("webhooks-common.enabledOf", { url: e.url }) } }}
            />
          ),
        },
        {
          id: "actions",
          label: t("webhooks-common.actions"),
          hideLabel: true,
          render: (e) => (
            <RowActions
              wrap
              actions={[
                {
                  title: t("webhooks-common.log"),
                  label: t("webhooks-common.logOf", { url: e.url }),
                  icon: <HistoryOutlined />,
                  onClick: () => setLogOf(e),
                },
                {
                  title: t("webhooks-common.rotate"),
                  label: t("webhooks-common.rotateOf", { url: e.url }),
                  icon: <KeyOutlined />,
                  onClick: () => rotating.show(e),
                },
                {
                  title: t("webhooks-common.delete"),
                  label: t("webhooks-common.deleteOf", { url: e.url }),
                  icon: <DeleteOutlined />,
                  onClick: () => deleting.show(e),
                  danger: true,
                },
              ]}
            >
              <Button
                size="small"
                variant="outlined"
                startIcon={<SendOutlined />}
                loading={busy === e.id}
                disabled={!e.enabled}
                onClick={() => test(e)}
                aria-label={t("webhooks-common.testOf", { url: e.url })}
              >
                {t("webhooks-common.test")}
              </Button>
            </RowActions>
          ),
        },
      ]}
    />
  );

  return (
    <Stack spacing={framed ? 3 : 2}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
      >
        {header}
        <Button
          variant="contained"
          startIcon={<AddLinkOutlined />}
          onClick={() => setAdding(true)}
          disabled={!scope}
          sx={{ flexShrink: 0, alignSelf: { xs: "flex-start", sm: "center" } }}
        >
          {t("webhooks-common.add")}
        </Button>
      </Stack>
      {list.isError && <ErrorState error={list.error} onRetry={() => list.refetch()} />}
      {framed ? (
        <Card>
          <CardContent>{table}</CardContent>
        </Card>
      ) : (
        table
      )}
      <AddWebhookDialog
        open={adding}
        scope={at}
        onClose={() => setAdding(false)}
        onAdded={(created) => {
          setSecret(created.secret);
          void refresh();
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <DeliveryLogDialog scope={at} endpoint={logOf} timeZone={timeZone} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        open={deleting.open}
        title={t("webhooks-common.deleteTitle")}
        confirmLabel={t("webhooks-common.delete")}
        onConfirm={deleting.confirm(async (e) => {
          await webhookEndpoints.remove(at, e.id);
          await refresh();
          notify(t("webhooks-common.deleted"), "success");
        })}
        onClose={deleting.close}
      >
        {/* a long URL breaks anywhere: the dialog never scrolls sideways at 390 px */}
        <Typography sx={{ overflowWrap: "anywhere" }}>
          {t("webhooks-common.deleteText", { url: deleting.row?.url ?? "" })}
        </Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={rotating.open}
        title={t("webhooks-common.rotateTitle")}
        confirmLabel={t("webhooks-common.rotateConfirm")}
        onConfirm={rotating.confirm(async (e) => {
          setSecret((await webhookEndpoints.rotate(at, e.id)).secret);
        })}
        onClose={rotating.close}
      >
        {t("webhooks-common.rotateText")}
      </ConfirmDialog>
    </Stack>
  );
}
