import { TOAST_DURATION_MS } from "@mimamori/shared";
import type { AlertColor } from "@mui/material/Alert";
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from "react";

export interface Note {
  key: number;
  text: string;
  severity: AlertColor;
}

// The snackbar's code (transitions, click-away) comes with the first message, not with the first page.
const NotifierSnackbar = lazy(() => import("./NotifierSnackbar"));

type Notify = (text: string, severity?: AlertColor) => void;

const NotifyContext = createContext<Notify>(() => {});

/** How long every snackbar stays open: 6000 ms (spec §8, §9). */
export const NOTIFIER_AUTO_HIDE_MS = TOAST_DURATION_MS;

/** App-wide snackbars, shown for 6 s (spec §9). */
export function NotifierProvider({ children }: { children: ReactNode }) {
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
      {note && (
        <Suspense fallback={null}>
          <NotifierSnackbar note={note} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
