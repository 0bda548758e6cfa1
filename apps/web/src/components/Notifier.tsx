import { TOAST_DURATION_MS } from "@mimamori/shared";
import Alert, { type AlertColor } from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

interface Note {
  key: number;
  text: string;
  severity: AlertColor;
}

type Notify = (text: string, severity?: AlertColor) => void;

const NotifyContext = createContext<Notify>(() => {});

/** How long every snackbar stays open: 6000 ms (spec §8, §9). */
export const NOTIFIER_AUTO_HIDE_MS = TOAST_DURATION_MS;

/** App-wide snackbars, shown for 6 s (spec §9). */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [note, setNote] = useState<Note | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((text, severity = "success") => {
    setNote({ key: Date.now(), text, severity });
    setOpen(true);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Snackbar
        key={note?.key}
        open={open}
        autoHideDuration={NOTIFIER_AUTO_HIDE_MS}
        onClose={(_, reason) => {
          if (reason !== "clickaway") setOpen(false);
        }}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <Alert
          severity={note?.severity ?? "success"}
          variant="filled"
          onClose={() => setOpen(false)}
          closeText={t("common.close")}
          sx={{ width: "100%" }}
        >
          {note?.text}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
