import type { SharedEntity } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import DialogContentText from "@mui/material/DialogContentText";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useShareItem } from "../../../api/data-items";
import { entityEndpoints, entityKeys } from "../../../api/entities";
import { errorMessage } from "../../../api/errors";
import { useKeyUid } from "../../../api/hooks";
import { FormDialog } from "../../../components/FormDialog";
import { useDialogSave } from "../../../components/useDialogSave";
import { useLanguage } from "../../../i18n/useLanguage";

/**
 * Shares an item with one of the member's entities (DATA-08): an entity must be chosen; only entities the member
 * belongs to (an accepted membership) and the item is not yet shared with are offered.
 */
export function ShareDialog({
  open,
  itemId,
  shared,
  onClose,
}: {
  open: boolean;
  itemId: number;
  shared: readonly SharedEntity[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { id, save, clear, dialogProps } = useDialogSave({ open, onClose });
  const uid = useKeyUid();
  const mine = useQuery({
    queryKey: entityKeys.myEntities(uid),
    queryFn: entityEndpoints.myEntities,
    enabled: open,
  });
  const share = useShareItem(itemId);
  const [workspace, setWorkspace] = useState("");
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (!open) return;
    setWorkspace("");
    setMissing(false);
  }, [open]);

  const taken = new Set(shared.map((s) => s.workspace_name));
  const offered = (mine.data ?? []).filter((e) => e.status === "added" && !taken.has(e.workspace_name));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    if (!workspace) {
      setMissing(true);
      document.getElementById(`${id}-entity`)?.focus();
      return;
    }
    const name = offered.find((o) => o.workspace_name === workspace)?.name ?? workspace;
    await save(() => share.mutateAsync(workspace), t("data-items-client.shareDialog.shared", { name }));
  };

  return (
    <FormDialog
      {...dialogProps(submit)}
      title={t("data-items-client.shareDialog.title")}
      submitLabel={t("data-items-client.shareDialog.submit")}
      submitDisabled={offered.length === 0}
    >
      <DialogContentText>{t("data-items-client.shareDialog.intro")}</DialogContentText>
      {mine.isPending && <Skeleton variant="rounded" height={56} sx={{ mt: 2 }} />}
      {mine.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(mine.error, language)}
        </Alert>
      )}
      {mine.isSuccess && offered.length === 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t("data-items-client.shareDialog.none")}{" "}
          <Link component={RouterLink} to="/client/entities">
            {t("data-items-client.shareDialog.entitiesLink")}
          </Link>
        </Alert>
      )}
      {mine.isSuccess && offered.length > 0 && (
        <TextField
          select
          id={`${id}-entity`}
          label={t("data-items-client.shareDialog.entity")}
          required
          value={workspace}
          onChange={(e) => {
            setWorkspace(e.target.value);
            setMissing(false);
          }}
          error={missing}
          helperText={missing ? t("data-items-client.shareDialog.required") : undefined}
          sx={{ mt: 2 }}
        >
          {offered.map((o) => (
            <MenuItem key={o.workspace_name} value={o.workspace_name}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </FormDialog>
  );
}
