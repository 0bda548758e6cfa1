import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Fragment, type ReactNode } from "react";

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

/**
 * Short facts as a definition list whose labels stay beside their values on every screen, the label column as wide
 * as its longest label; `small` for a card's small print.
 */
export function FactList({
  facts,
  small = false,
}: {
  facts: readonly (readonly [label: string, value: ReactNode])[];
  small?: boolean;
}) {
  const variant = small ? "body2" : "body1";
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: "grid",
        gridTemplateColumns: "max-content minmax(0, 1fr)",
        columnGap: small ? 1.5 : 3,
        rowGap: small ? 0.5 : 1,
      }}
    >
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <Typography component="dt" variant={variant} color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant={variant} sx={{ m: 0, overflowWrap: "anywhere" }}>
            {value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
