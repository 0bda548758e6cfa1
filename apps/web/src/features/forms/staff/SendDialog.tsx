import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { entityEndpoints, entityKeys } from "../../../api/entities";
import { useKeyUid } from "../../../api/hooks";
import { ErrorState } from "../../../components/ErrorState";
import { FailureAlert } from "../../../components/FailureAlert";
import { ResponsiveDialog } from "../../../components/ResponsiveDialog";
import { useMessage } from "../../../i18n/useLanguage";
import { RecipientPicker } from "./RecipientPicker";
import { eligibleRecipients } from "./recipients";

/** The entity's members who can receive a form (accepted and active), for the pickers of Send and schedules. */
export function useRecipients(workspace: string) {
  const uid = useKeyUid();
  const members = useQuery({
    queryKey: entityKeys.members(uid, workspace),
    queryFn: () => entityEndpoints.members(workspace),
    enabled: !!workspace,
  });
  const eligible = useMemo(
    () => (members.data ? eligibleRecipients(members.data) : undefined),
    [members.data],
  );
  return { members, eligible };
}

interface Props {
  open: boolean;
  workspace: string;
  formName: string;
  /** Chosen when the dialog opens: the form's saved recipient list (`sent_users`). */
  initial: readonly string[];
  onClose: () => void;
  /**
   * Sends to the chosen members. A rejection is shown in the dialog; a page that handles its failures itself
   * (spec §8: an existing form's failed send leaves for /staff/form) resolves instead.
   */
  onSend: (users: string[]) => Promise<unknown>;
}

/** Send: pick the recipients among the entity's members and send the form to them (FORM-26, FORM-27). */
export function SendDialog({ open, workspace, formName, initial, onClose, onSend }: Props) {
  const { t } = useTranslation();
  const msg = useMessage();
  const { members, eligible } = useRecipients(open ? workspace : "");
  const [chosen, setChosen] = useState<string[]>([]);
  const [empty, setEmpty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  // every opening starts once from the saved list, limited to who can still receive it (a refetch of the
  // members while the dialog is open keeps what was chosen)
  const seeded = useRef(false);
  useEffect(() => {
    if (!open) {
      seeded.current = false;
      return;
    }
    if (seeded.current || !eligible) return;
    seeded.current = true;
    const can = new Set(eligible.map((m) => m.uid));
    setChosen(initial.filter((uid) => can.has(uid)));
    setEmpty(false);
    setFailure(null);
    setBusy(false);
  }, [open, eligible, initial]);

  const send = async () => {
    if (chosen.length === 0) {
      setEmpty(true);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onSend(chosen);
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ResponsiveDialog
      open={open}
      onClose={busy ? undefined : onClose}
      title={t("forms-staff.send.title")}
      maxWidth="sm"
    >
      <DialogContent>
        <DialogContentText sx={{ mb: 2, overflowWrap: "anywhere" }}>
          {t("forms-staff.send.intro", { name: formName || t("forms-staff.editor.untitled") })}
        </DialogContentText>
        {members.isError ? (
          <ErrorState error={members.error} onRetry={() => members.refetch()} />
        ) : (
          <RecipientPicker
            members={eligible}
            chosen={chosen}
            onChange={(next) => {
              setChosen(next);
              if (next.length) setEmpty(false);
            }}
            error={empty ? msg("no-recipients") : undefined}
            disabled={busy}
          />
        )}
        <FailureAlert failure={failure} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t("ui.actions.cancel")}
        </Button>
        <Button variant="contained" onClick={send} loading={busy} disabled={!eligible}>
          {t("forms-staff.send.confirm", { count: chosen.length })}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
