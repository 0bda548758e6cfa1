import type { WebhookDelivery, WebhookEndpoint } from "@mimamori/shared";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useWebhookDeliveries, type WebhookScope } from "../../../api/webhooks";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { TimeZoneNote } from "../../../components/TimeZoneNote";
import { valueColumn } from "../../../components/valueColumn";
import { formatStamp } from "../../reports/common/window";

const STATUS_COLOR = { queued: "warning", delivered: "success", failed: "error" } as const;
const seconds = (iso: string) => Date.parse(iso) / 1000;

/** The delivery log of one endpoint (newest first): time, event, status, HTTP code, tries, error. */
export function DeliveryLogDialog({
  scope,
  endpoint,
  timeZone,
  onClose,
}: {
  scope: WebhookScope;
  endpoint: WebhookEndpoint | null;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const log = useWebhookDeliveries(scope, endpoint?.id ?? null);
  const stamp = (iso: string) => formatStamp(seconds(iso), timeZone);
  return (
    <Dialog
      open={endpoint !== null}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="lg"
    >
      <DialogTitle id={`${id}-title`}>{t("webhooks-common.logTitle")}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1, wordBreak: "break-all" }}>
          {endpoint?.url}
        </Typography>
        <TimeZoneNote zone={timeZone} clock="entity" sx={{ mb: 1 }} />
        {log.isError && <ErrorState error={log.error} onRetry={() => log.refetch()} />}
        <DataTable<WebhookDelivery>
          label={t("webhooks-common.logLabel", { url: endpoint?.url ?? "" })}
          rows={log.data?.deliveries}
          loading={log.isPending}
          rowKey={(d) => String(d.id)}
          emptyText={t("webhooks-common.logEmpty")}
          initialSort={{ by: "time", direction: "desc" }}
          columns={[
            {
              id: "time",
              label: t("webhooks-common.time"),
              sortValue: (d) => d.created_at,
              render: (d) => stamp(d.created_at),
              minWidth: 140,
            },
            valueColumn("event", t("webhooks-common.event"), (d) => d.event_type),
            {
              id: "status",
              label: t("webhooks-common.status"),
              sortValue: (d) => d.status,
              render: (d) => (
                <>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={STATUS_COLOR[d.status]}
                    label={t(`webhooks-common.statusName.${d.status}`)}
                  />
                  {d.next_attempt_at && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {t("webhooks-common.nextAttempt", { at: stamp(d.next_attempt_at) })}
                    </Typography>
                  )}
                </>
              ),
            },
            {
              id: "code",
              label: t("webhooks-common.code"),
              align: "right",
              sortValue: (d) => d.last_status_code ?? -1,
              render: (d) => d.last_status_code ?? "—",
            },
            valueColumn("attempts", t("webhooks-common.attempts"), (d) => d.attempts, { align: "right" }),
            { id: "error", label: t("webhooks-common.error"), render: (d) => d.last_error ?? "—" },
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("webhooks-common.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
