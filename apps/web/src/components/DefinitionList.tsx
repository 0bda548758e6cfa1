import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/**
 * A card's facts as a definition list: label and value side by side from `sm` up (labels `labelWidth` px wide),
 * the value under its label on a phone. Its rows are `Definition`s.
 */
export function DefinitionList({ labelWidth, children }: { labelWidth: number; children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr", sm: `${labelWidth}px 1fr` },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1.5 },
        m: 0,
        "& > dd": { mb: { xs: 1.5, sm: 0 } },
      }}
    >
      {children}
    </Box>
  );
}

/** One row of a `DefinitionList`: the label (`dt`) and its value (`dd`, line breaks kept). */
export function Definition({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
        {children}
      </Box>
    </>
  );
}
