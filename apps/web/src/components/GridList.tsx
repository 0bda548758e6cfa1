import Box from "@mui/material/Box";
import type { Breakpoint } from "@mui/material/styles";
import type { ReactNode } from "react";

/** A list of cards in a grid of equal columns, so many from each breakpoint up (e.g. `{ xs: 1, md: 2 }`). */
export function GridList({
  columns,
  children,
}: {
  columns: Partial<Record<Breakpoint, number>>;
  children: ReactNode;
}) {
  const gridTemplateColumns = Object.fromEntries(
    Object.entries(columns).map(([from, count]) => [from, `repeat(${count}, minmax(0, 1fr))`]),
  );
  return (
    <Box component="ul" sx={{ m: 0, p: 0, display: "grid", gap: 2, gridTemplateColumns }}>
      {children}
    </Box>
  );
}
