import Typography from "@mui/material/Typography";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "../../../components/ConfirmDialog";

/**
 * Asks before leaving an editor with unsaved changes: a dialog for a move inside the app (react-router's
 * `useBlocker`; a change of the query string alone, such as a tab, is not leaving) and the browser's own
 * question on a reload or close (`beforeunload`). `allowNext()` lets the next navigation through, e.g. to the
 * saved form's page right after a save.
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation();
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers show the prompt only when a return value is set
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={t("forms-staff.leave.title")}
      confirmLabel={t("forms-staff.leave.confirm")}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => {
        if (blocker.state === "blocked") blocker.reset();
      }}
    >
      <Typography>{t("forms-staff.leave.body")}</Typography>
    </ConfirmDialog>
  );

  return {
    dialog,
    allowNext: () => {
      allowed.current = true;
    },
  };
}
