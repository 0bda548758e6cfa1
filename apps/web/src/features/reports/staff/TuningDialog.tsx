import type { StaffReport, StaffReportUser, ZoneRanges } from "@mimamori/shared";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "../../../components/FailureAlert";
import { RangeSliders } from "./RangeSliders";

interface Props {
  report: StaffReport;
  member: StaffReportUser | null;
  onSave: (ranges: ZoneRanges) => Promise<unknown>;
  onClose: () => void;
}

/** A member's own ranges (§4 tuning): three range sliders; save, or reset them to the general ranges. */
export function TuningDialog({ report, member, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<ZoneRanges>(report.ranges);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const uid = member?.user.uid;

  // biome-ignore lint/correctness/useExhaustiveDependencies: start over when another member is opened
  useEffect(() => {
    if (!member) return;
    setDraft(member.customRanges ?? report.ranges);
    setError(null);
    setBusy(false);
  }, [uid]);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSave(draft);
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={!!member}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>
        {t("reports-common.tuning.title", { name: member?.user.name ?? "", report: report.name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          {t("reports-common.tuning.help")}
        </DialogContentText>
        <RangeSliders value={draft} onChange={setDraft} report={report} disabled={busy} />
        <FailureAlert failure={error} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
        <Button onClick={() => setDraft(report.ranges)} disabled={busy} sx={{ mr: "auto" }}>
          {t("reports-common.tuning.reset")}
        </Button>
        <Button onClick={onClose} disabled={busy}>
          {t("reports-common.actions.cancel")}
        </Button>
        <Button variant="contained" onClick={save} loading={busy}>
          {t("reports-common.actions.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
