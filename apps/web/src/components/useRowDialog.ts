import { useCallback, useMemo, useState } from "react";

export interface RowDialog<T> {
  open: boolean;
  /** The row the dialog is about (null: none, e.g. "add"); kept while the dialog closes so its text stays. */
  row: T | null;
  /** Opens the dialog about `row` (none: a dialog about no row, such as "add"). */
  show: (row?: T | null) => void;
  close: () => void;
  /** `onConfirm` of a `ConfirmDialog`: runs `action` with the row, if there is one. */
  confirm: (action: (row: T) => unknown) => () => unknown;
}

/**
 * The state of a dialog about one row of a list: edit it, or confirm its deletion (`RowActions` opens it,
 * `ConfirmDialog` or the edit dialog reads it). One way for every list: `open`, `row`, `show`, `close`.
 */
export function useRowDialog<T>(): RowDialog<T> {
  const [state, setState] = useState<{ open: boolean; row: T | null }>({ open: false, row: null });
  const show = useCallback((row: T | null = null) => setState({ open: true, row }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return useMemo(
    () => ({
      open: state.open,
      row: state.row,
      show,
      close,
      confirm: (action) => () => (state.row === null ? undefined : action(state.row)),
    }),
    [state, show, close],
  );
}
