import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import type { ReactNode } from "react";

export interface RowAction {
  /** The short name shown as the tooltip ("Delete"). */
  title: string;
  /** The accessible name, naming the row ("Delete the webhook to https://…"): a screen reader hears it alone. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** A red button for what a confirmation then removes. */
  danger?: boolean;
  disabled?: boolean;
}

/**
 * A table row's actions: icon buttons with a tooltip and a name that says which row they act on (edit, delete, …),
 * after any `children` (a labelled button such as "Send a test"). A destructive action opens a `ConfirmDialog`
 * in its `onClick`; a disabled one keeps its tooltip. Right-aligned from `sm` up; `wrap` lets many actions take
 * two lines in a narrow cell.
 */
export function RowActions({
  actions,
  children,
  wrap = false,
}: {
  actions: readonly RowAction[];
  children?: ReactNode;
  wrap?: boolean;
}) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{
        flexWrap: wrap ? "wrap" : "nowrap",
        alignItems: "center",
        justifyContent: { xs: "flex-start", sm: "flex-end" },
      }}
    >
      {children}
      {actions.map((a) => (
        <Tooltip key={a.label} title={a.title}>
          <span style={{ display: "inline-flex" }}>
            <IconButton
              color={a.danger ? "error" : "default"}
              disabled={a.disabled}
              aria-label={a.label}
              onClick={a.onClick}
            >
              {a.icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </Stack>
  );
}
