import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface RowActionBase {
  /** The accessible name, naming the row ("Delete the webhook to https://…"): a screen reader hears it alone. */
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/**
 * One action of a row: the common `edit` and `delete` (tooltip "Edit"/"Delete", their icon; delete is red and
 * opens a `ConfirmDialog`, see `useRowDialog`), or any other with its own tooltip and icon.
 */
export type RowAction =
  | (RowActionBase & { kind: "edit" | "delete" })
  | (RowActionBase & {
      kind?: undefined;
      /** The short name shown as the tooltip ("Send a test"). */
      title: string;
      icon: ReactNode;
      /** A red button for what a confirmation then removes. */
      danger?: boolean;
    });

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
  const { t } = useTranslation();
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
        <Tooltip key={a.label} title={a.kind ? t(`ui.actions.${a.kind}`) : a.title}>
          <span style={{ display: "inline-flex" }}>
            <IconButton
              color={a.kind === "delete" || (!a.kind && a.danger) ? "error" : "default"}
              disabled={a.disabled}
              aria-label={a.label}
              onClick={a.onClick}
            >
              {!a.kind ? a.icon : a.kind === "edit" ? <EditOutlined /> : <DeleteOutlined />}
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </Stack>
  );
}
