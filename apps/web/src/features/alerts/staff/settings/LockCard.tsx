import LockOpenOutlined from "@mui/icons-material/LockOpenOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isLockedError, useAlertEntity, useLockAlerts } from "../../../../api/alerts";
import { errorMessage } from "../../../../api/errors";
import { ConfirmDialog } from "../../../../components/ConfirmDialog";
import { ErrorState } from "../../../../components/ErrorState";
import { useNotify } from "../../../../components/Notifier";
import { PageLoader } from "../../../../components/PageLoader";
import { SectionCard } from "../../../../components/SectionCard";
import { useLanguage } from "../../../../i18n/useLanguage";
import { lockCardState } from "./settings";

/**
 * The lock card (spec §4; docs/decisions.md "Alerts", NOTIF-16): the switch "changes by staff" goes to "not
 * allowed" only after a confirmation, Set works only there and asks again before locking. Staff never unlock.
 */
export function LockCard({ workspace }: { workspace: string | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const helpId = useId();
  const entity = useAlertEntity(workspace);
  const lock = useLockAlerts(workspace ?? "");
  const [notAllowed, setNotAllowed] = useState(false);
  const [confirming, setConfirming] = useState<"switch" | "lock" | null>(null);

  const doLock = async () => {
    try {
      await lock.mutateAsync();
      notify(t("alerts-staff-settings.lock.done"), "success");
    } catch (err) {
      // locked meanwhile (by a colleague): say so; the hook reads the status again, which closes the flow
      if (!isLockedError(err)) throw err;
      notify(errorMessage(err, language), "error");
    }
  };

  let body: ReactNode;
  if (entity.isError) body = <ErrorState error={entity.error} onRetry={() => entity.refetch()} />;
  else if (entity.isPending) body = <PageLoader minHeight={120} />;
  else {
    const state = lockCardState(entity.data.notification_setting_status, notAllowed);
    const help = state.locked
      ? t("alerts-staff-settings.lock.lockedHelp")
      : state.allowed
        ? t("alerts-staff-settings.lock.unlockedHelp")
        : t("alerts-staff-settings.lock.notAllowedHelp");
    body = (
      <>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2 }}>
          <Typography color="text.secondary">{t("alerts-staff-settings.lock.status")}</Typography>
          <Chip
            size="small"
            variant="outlined"
            color={state.locked ? "warning" : "default"}
            icon={state.locked ? <LockOutlined /> : <LockOpenOutlined />}
            label={
              state.locked ? t("alerts-staff-settings.lock.locked") : t("alerts-staff-settings.lock.unlocked")
            }
          />
        </Stack>
        <FormControlLabel
          control={
            <Switch
              checked={state.allowed}
              disabled={state.switchDisabled}
              onChange={(e) => {
                if (e.target.checked) setNotAllowed(false);
                else setConfirming("switch");
              }}
              slotProps={{ input: { "aria-describedby": helpId } }}
            />
          }
          label={
            state.allowed
              ? t("alerts-staff-settings.lock.switchAllowed")
              : t("alerts-staff-settings.lock.switchNotAllowed")
          }
        />
        {state.locked ? (
          <Alert severity="info" id={helpId} sx={{ mt: 1 }}>
            {help}
          </Alert>
        ) : (
          <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {help}
          </Typography>
        )}
        <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
          <Button
            variant="contained"
            disabled={state.setDisabled}
            loading={lock.isPending}
            onClick={() => setConfirming("lock")}
          >
            {t("alerts-staff-settings.lock.set")}
          </Button>
        </Box>
      </>
    );
  }

  return (
    <SectionCard title={t("alerts-staff-settings.lock.title")}>
      {body}
      <ConfirmDialog
        open={confirming === "switch"}
        title={t("alerts-staff-settings.lock.confirmSwitchTitle")}
        confirmLabel={t("alerts-staff-settings.lock.confirmSwitch")}
        destructive={false}
        onConfirm={() => setNotAllowed(true)}
        onClose={() => setConfirming(null)}
      >
        <Typography>{t("alerts-staff-settings.lock.confirmSwitchText")}</Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "lock"}
        title={t("alerts-staff-settings.lock.confirmLockTitle")}
        confirmLabel={t("alerts-staff-settings.lock.confirmLock")}
        onConfirm={doLock}
        onClose={() => setConfirming(null)}
      >
        <Typography>
          {t("alerts-staff-settings.lock.confirmLockText", {
            name: entity.data?.name ?? workspace ?? "",
          })}
        </Typography>
      </ConfirmDialog>
    </SectionCard>
  );
}
