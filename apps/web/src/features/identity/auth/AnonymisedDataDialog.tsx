import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n/useLanguage";
import { anonymisedDataNotice } from "../../legal/content/privacy";

/** The privacy policy's anonymised-data disclosure (spec §1, §2). */
export function AnonymisedDataDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notice = anonymisedDataNotice[language];
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} scroll="paper" fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{notice.title}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        {notice.paragraphs.slice(0, 2).map((p) => (
          <Typography key={p} sx={{ mb: 1.5 }}>
            {p}
          </Typography>
        ))}
        <Typography component="ul" sx={{ pl: 3, mt: 0, mb: 1.5 }}>
          {notice.fields.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </Typography>
        {notice.paragraphs.slice(2).map((p) => (
          <Typography key={p} sx={{ mb: 1.5 }}>
            {p}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
