import Dialog, { type DialogProps } from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { type ReactNode, useId } from "react";

/**
 * A dialog named by its title that fills the screen on a phone (below `sm`), for content too tall for a small
 * window (pickers, long forms, previews). Its children are the content and the actions; no `onClose` keeps it open
 * (e.g. while its work is under way).
 */
export function ResponsiveDialog({
  open,
  onClose,
  title,
  maxWidth = "md",
  children,
}: {
  open: boolean;
  onClose: (() => void) | undefined;
  title: ReactNode;
  maxWidth?: DialogProps["maxWidth"];
  children: ReactNode;
}) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={phone}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: "anywhere" }}>
        {title}
      </DialogTitle>
      {children}
    </Dialog>
  );
}
