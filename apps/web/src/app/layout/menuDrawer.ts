import { useId, useState } from "react";

/** The phone menu drawer: the top bar's menu button opens it, the sidebar draws it (below `md`). */
export interface MenuDrawer {
  id: string;
  open: boolean;
  toggle: () => void;
  close: () => void;
}

export function useMenuDrawer(): MenuDrawer {
  const id = useId();
  const [open, setOpen] = useState(false);
  return { id, open, toggle: () => setOpen((o) => !o), close: () => setOpen(false) };
}
