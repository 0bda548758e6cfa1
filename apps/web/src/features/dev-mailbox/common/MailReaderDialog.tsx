import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useDevMail } from "../../../api/dev-mailbox";
import { FactList } from "../../../components/DefinitionList";
import { ErrorState } from "../../../components/ErrorState";
import { ResponsiveDialog } from "../../../components/ResponsiveDialog";
import { useLanguage } from "../../../i18n/useLanguage";
import { formatInstant } from "../../forms/common/answerValues";
import { MAIL_SANDBOX, mailDocument, textParts } from "./mailDocument";

/**
 * One kept mail (chosen by its id): subject, recipient, time, the mail as it looks in a sandboxed frame (no scripts;
 * its links open in a new tab) and its text version with clickable links. Full screen on phones.
 */
export function MailReaderDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const mail = useDevMail(id);
  const m = mail.data;

  return (
    <ResponsiveDialog
      open={id !== null}
      onClose={onClose}
      title={m?.subject ?? t("dev-mailbox-common.reader.title")}
    >
      <DialogContent dividers>
        {mail.isError && <ErrorState error={mail.error} onRetry={() => mail.refetch()} />}
        {mail.isPending && !mail.isError && (
          <Box role="status" aria-busy="true" aria-label={t("ui.table.loading")}>
            <Skeleton width="60%" />
            <Skeleton width="40%" />
            <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} />
          </Box>
        )}
        {m && (
          <>
            <FactList
              small
              facts={[
                [t("dev-mailbox-common.reader.to"), m.recipient],
                [
                  t("dev-mailbox-common.reader.time"),
                  <time key="time" dateTime={m.at}>
                    {formatInstant(m.at, language)}
                  </time>,
                ],
              ]}
            />
            <Box
              component="iframe"
              title={t("dev-mailbox-common.reader.rendered", { subject: m.subject })}
              sandbox={MAIL_SANDBOX}
              srcDoc={mailDocument(m.html)}
              sx={{
                display: "block",
                width: "100%",
                height: { xs: 360, sm: 420 },
                mt: 2,
                border: 1,
                borderColor: "divider",
                borderRadius: 1,
                bgcolor: "#fff",
              }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t("dev-mailbox-common.reader.linksNote")}
            </Typography>
            <Typography variant="h3" component="h3" sx={{ fontSize: "1rem", fontWeight: 600, mt: 3, mb: 1 }}>
              {t("dev-mailbox-common.reader.text")}
            </Typography>
            <Box
              component="pre"
              sx={{
                m: 0,
                p: 1.5,
                bgcolor: "grey.100",
                borderRadius: 1,
                whiteSpace: "pre-wrap",
                overflowWrap: "anywhere",
                fontFamily: "inherit",
                fontSize: "0.875rem",
              }}
            >
              {textParts(m.text).map((p, i) =>
                p.href ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
                  <Link key={i} href={p.href} target="_blank" rel="noopener noreferrer">
                    {p.text}
                  </Link>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
                  <span key={i}>{p.text}</span>
                ),
              )}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("dev-mailbox-common.reader.close")}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
