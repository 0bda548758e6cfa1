import { type FormEvent, useEffect, useId, useState } from "react";
import { useNotify } from "./Notifier";

/**
 * A `FormDialog` whose fields the dialog checks itself (for react-hook-form's, `useFormDialog`): `save` runs the
 * call, says `done` and closes, or keeps the call's failure to show it; opening the dialog and `clear` (a new
 * submit) drop the failure. `dialogProps(onSubmit)` are the dialog's open state, ids, closing, submit and progress.
 */
export function useDialogSave({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const notify = useNotify();
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (open) setFailure(null);
  }, [open]);

  const save = async (call: () => Promise<unknown>, done: string) => {
    setPending(true);
    try {
      await call();
      notify(done, "success");
      onClose();
    } catch (err) {
      setFailure(err);
    } finally {
      setPending(false);
    }
  };
  const dialogProps = (onSubmit: (e: FormEvent) => void) => ({
    open,
    onClose,
    id,
    onSubmit,
    pending,
    failure,
  });
  return { id, save, clear: () => setFailure(null), dialogProps };
}
