import type { StaffMember } from "@mimamori/shared";
import Chip from "@mui/material/Chip";
import type { ReactNode } from "react";

/** A staff member's name, then any chips of the screen's own (`children`), then one if they are only invited. */
export function StaffName({
  staff,
  invitedLabel,
  children,
}: {
  staff: StaffMember;
  invitedLabel: string;
  children?: ReactNode;
}) {
  return (
    <>
      {staff.name}
      {children}
      {staff.is_invited && <Chip size="small" color="secondary" label={invitedLabel} sx={{ ml: 1 }} />}
    </>
  );
}
