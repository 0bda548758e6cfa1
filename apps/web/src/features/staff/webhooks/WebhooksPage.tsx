import type { WebhookEndpoint } from "@mimamori/shared";
import AddLinkOutlined from "@mui/icons-material/AddLinkOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import KeyOutlined from "@mui/icons-material/KeyOutlined";
import SendOutlined from "@mui/icons-material/SendOutlined";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errors";
import { useWebhooks, useWebhookUid, webhookEndpoints, webhookKeys } from "../../../api/webhooks";
import { staffPath, useEntityTimeZone, useWorkspace } from "../../../app/session/workspace";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { useNotify } from "../../../components/Notifier";
import { usePageTitle } from "../../../components/usePageTitle";
import { useLanguage } from "../../../i18n/useLanguage";
import { AddWebhookDialog } from "./AddWebhookDialog";
import { DeliveryLogDialog } from "./DeliveryLogDialog";
import { SecretDialog } from "./SecretDialog";

/**
 * /staff/notification-settings/webhooks (issue 31 §6): the entity's webhook endpoints — add (the secret shown
 * once), on/off, send a test, a new secret, delete, and each one's delivery log.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const client = useQueryClient();
  const uid = useWebhookUid();
  const { workspace: ws, name: entityName } = useWorkspace(true);
  const workspace = ws ?? "";
  const timeZone = useEntityTimeZone() ?? "Asia/Tokyo";
  const list = useWebhooks(ws);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  usePageTitle(t("staff-webhooks.title"));

  const refresh = () => client.invalidateQueries({ queryKey: webhookKeys.all(uid, workspace) });

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
      await webhookEndpoints.update(workspace, e.id, { enabled });
      await refresh();
      notify(t("staff-webhooks.saved"), "success");
    });

  const test = (e: WebhookEndpoint) =>
    act(e, async () => {
      const d = await webhookEndpoints.test(workspace, e.id);
      await client.invalidateQueries({ queryKey: webhookKeys.deliveries(uid, workspace, e.id) });
      if (d.status === "delivered")
        notify(t("staff-webhooks.tested", { code: d.last_status_code ?? "" }), "success");
      else if (d.attempts === 0) notify(t("staff-webhooks.testQueued"), "warning");
      else notify(t("staff-webhooks.testFailed", { error: d.last_error ?? "" }), "error");
    });

  return (
    <Stack spacing={3}>
      <Breadcrumbs aria-label={t("staff-notification-settings.breadcrumb")}>
        <Link href={staffPath("/staff/notification-settings", ws)} underline="hover" color="inherit">
          {t("staff-webhooks.back")}
        </Link>
        <Typography color="text.primary" aria-current="page">
          {t("staff-webhooks.title")}
        </Typography>
      </Breadcrumbs>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
      >
        <Box>
          <Typography variant="h1">{t("staff-webhooks.title")}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t("staff-webhooks.intro")} {t("staff-webhooks.docsHint")}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddLinkOutlined />}
          onClick={() => setAdding(true)}
          disabled={!ws}
          sx={{ flexShrink: 0, alignSelf: { xs: "flex-start", sm: "center" } }}
        >
          {t("staff-webhooks.add")}
        </Button>
      </Stack>
      {list.isError && <ErrorState error={list.error} onRetry={() => list.refetch()} />}
      <Card>
        <CardContent>
          <DataTable<WebhookEndpoint>
            label={t("staff-webhooks.tableLabel", { name: entityName ?? workspace })}
            rows={list.data?.endpoints}
            loading={list.isPending}
            rowKey={(e) => e.id}
            emptyText={t("staff-webhooks.empty")}
            columns={[
              {
                id: "url",
                label: t("staff-webhooks.url"),
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
                label: t("staff-webhooks.kinds"),
                render: (e) => (
                  <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap" }}>
                    {e.kinds.map((k) => (
                      <Chip key={k} size="small" label={t(`staff-webhooks.kind.${k as 1 | 2}`)} />
                    ))}
                  </Stack>
                ),
              },
              {
                id: "enabled",
                label: t("staff-webhooks.enabled"),
                render: (e) => (
                  <Switch
                    checked={e.enabled}
                    disabled={busy === e.id}
                    onChange={(ev) => toggle(e, ev.target.checked)}
                    slotProps={{ input: { "aria-label": t("staff-webhooks.enabledOf", { url: e.url }) } }}
                  />
                ),
              },
              {
                id: "actions",
                label: t("staff-webhooks.actions"),
                hideLabel: true,
                render: (e) => (
                  <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap" }}>
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<SendOutlined />}
                      loading={busy === e.id}
                      disabled={!e.enabled}
                      onClick={() => test(e)}
                      aria-label={t("staff-webhooks.testOf", { url: e.url })}
                    >
                      {t("staff-webhooks.test")}
                    </Button>
                    <Tooltip title={t("staff-webhooks.log")}>
                      <IconButton
                        onClick={() => setLogOf(e)}
                        aria-label={t("staff-webhooks.logOf", { url: e.url })}
                      >
                        <HistoryOutlined />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t("staff-webhooks.rotate")}>
                      <IconButton
                        onClick={() => setRotating(e)}
                        aria-label={t("staff-webhooks.rotateOf", { url: e.url })}
                      >
                        <KeyOutlined />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t("staff-webhooks.delete")}>
                      <IconButton
                        color="error"
                        onClick={() => setDeleting(e)}
                        aria-label={t("staff-webhooks.deleteOf", { url: e.url })}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                ),
              },
            ]}
          />
        </CardContent>
      </Card>
      <AddWebhookDialog
        open={adding}
        workspace={workspace}
        onClose={() => setAdding(false)}
        onAdded={(created) => {
          setSecret(created.secret);
          void refresh();
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <DeliveryLogDialog
        workspace={workspace}
        endpoint={logOf}
        timeZone={timeZone}
        onClose={() => setLogOf(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t("staff-webhooks.deleteTitle")}
        confirmLabel={t("staff-webhooks.delete")}
        onConfirm={async () => {
          if (!deleting) return;
          await webhookEndpoints.remove(workspace, deleting.id);
          await refresh();
          notify(t("staff-webhooks.deleted"), "success");
        }}
        onClose={() => setDeleting(null)}
      >
        {t("staff-webhooks.deleteText", { url: deleting?.url ?? "" })}
      </ConfirmDialog>
      <ConfirmDialog
        open={rotating !== null}
        title={t("staff-webhooks.rotateTitle")}
        confirmLabel={t("staff-webhooks.rotateConfirm")}
        onConfirm={async () => {
          if (!rotating) return;
          setSecret((await webhookEndpoints.rotate(workspace, rotating.id)).secret);
        }}
        onClose={() => setRotating(null)}
      >
        {t("staff-webhooks.rotateText")}
      </ConfirmDialog>
    </Stack>
  );
}
