import type { DevMailSummary } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { useDevMailbox } from "../../../api/dev-mailbox";
import { useSessionState } from "../../../api/hooks";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { chipColumn, codeColumn } from "../../../components/styledColumns";
import { TimeZoneNote } from "../../../components/TimeZoneNote";
import { usePageTitle } from "../../../components/usePageTitle";
import { valueColumn } from "../../../components/valueColumn";
import { useLanguage } from "../../../i18n/useLanguage";
import { formatInstant } from "../../forms/common/answerValues";
import { MailReaderDialog } from "./MailReaderDialog";

/** The URL's query parameter naming the open mail by its id (never an address). */
const MAIL_PARAM = "mail";

const STATUS_COLOR = { queued: "default", outbox: "success", sent: "success", failed: "error" } as const;

/**
 * /staff/mailbox, /admin/mailbox, /client/mailbox (issue 28 §3): the development mailbox — the mails this server
 * kept instead of sending them (no SMTP_URL), the caller's own (an admin's: every mail), newest first; one opens in
 * the reader, named in the URL by its id so a reload or Back keeps it.
 */
export function MailboxPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const email = useSessionState().user?.email ?? "";
  const admin = useLocation().pathname.startsWith("/admin");
  const mailbox = useDevMailbox();
  const [params, setParams] = useSearchParams();
  const openId = params.get(MAIL_PARAM);
  usePageTitle(t("dev-mailbox-common.title"));

  const choose = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set(MAIL_PARAM, id);
      else next.delete(MAIL_PARAM);
      return next;
    });

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t("dev-mailbox-common.title")}</Typography>
      <Typography color="text.secondary">
        {admin ? t("dev-mailbox-common.introAdmin") : t("dev-mailbox-common.intro", { email })}
      </Typography>
      {mailbox.isError && <ErrorState error={mailbox.error} onRetry={() => mailbox.refetch()} />}
      {mailbox.data?.truncated && (
        <Alert severity="info">{t("dev-mailbox-common.truncated", { limit: mailbox.data.limit })}</Alert>
      )}
      <Card>
        <CardContent>
          <TimeZoneNote
            zone={Intl.DateTimeFormat().resolvedOptions().timeZone}
            clock="browser"
            sx={{ mb: 1 }}
          />
          <DataTable<DevMailSummary>
            label={t("dev-mailbox-common.tableLabel")}
            rows={mailbox.isError ? [] : mailbox.data?.mails}
            loading={mailbox.isPending && !mailbox.isError}
            emptyText={t("dev-mailbox-common.empty")}
            rowKey={(m) => m.id}
            initialSort={{ by: "at", direction: "desc" }}
            columns={[
              {
                id: "at",
                label: t("dev-mailbox-common.columns.at"),
                minWidth: 130,
                sortValue: (m) => m.at,
                render: (m) => (
                  <time dateTime={m.at} style={{ whiteSpace: "nowrap" }}>
                    {formatInstant(m.at, language)}
                  </time>
                ),
              },
              {
                id: "subject",
                label: t("dev-mailbox-common.columns.subject"),
                minWidth: 200,
                sortValue: (m) => m.subject,
                render: (m) => (
                  <Link
                    component="button"
                    type="button"
                    onClick={() => choose(m.id)}
                    aria-label={t("dev-mailbox-common.open", { subject: m.subject })}
                    sx={{ textAlign: "left", fontWeight: 600 }}
                  >
                    {m.subject}
                  </Link>
                ),
              },
              valueColumn("recipient", t("dev-mailbox-common.columns.recipient"), (m) => m.recipient, {
                minWidth: 170,
              }),
              codeColumn("template", t("dev-mailbox-common.columns.template"), (m) => m.template),
              chipColumn(
                "status",
                t("dev-mailbox-common.columns.status"),
                (m) => m.status,
                (status) => ({
                  color: STATUS_COLOR[status],
                  label: t(`dev-mailbox-common.status.${status}`),
                }),
              ),
            ]}
          />
        </CardContent>
      </Card>
      <MailReaderDialog id={openId} onClose={() => choose(null)} />
    </Stack>
  );
}
