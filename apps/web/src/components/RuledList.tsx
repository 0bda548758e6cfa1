import Box from "@mui/material/Box";
import type { ReactNode } from "react";

/** A list without bullets or indent, named for assistive technology; its items are `RuledItem`s. */
export function RuledList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: "none", m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

/**
 * An item of a `RuledList`, parted from the one above by a rule (the first one too with `ruleAboveFirst`, where
 * the list follows a row it must stand apart from); its parts sit side by side and wrap on a narrow screen.
 */
export function RuledItem({
  py = 1.5,
  ruleAboveFirst = false,
  children,
}: {
  py?: number;
  ruleAboveFirst?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        columnGap: 2,
        rowGap: 1,
        py,
        borderTop: 1,
        borderColor: "divider",
        "&:first-of-type": ruleAboveFirst ? undefined : { borderTop: 0 },
      }}
    >
      {children}
    </Box>
  );
}
