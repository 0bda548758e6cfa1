import type { Zone } from "@mimamori/shared";
import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { visuallyHidden } from "../../../components/visuallyHidden";

/** Background and text of each zone: light fills with dark text keep WCAG AA contrast. */
export const ZONE_STYLE: Record<Zone, { bg: string; fg: string; border: string }> = {
  green: { bg: "#e3f1e4", fg: "#1b5e20", border: "#2e7d32" },
  yellow: { bg: "#fdf0c8", fg: "#5d4000", border: "#b07d00" },
  red: { bg: "#fbe1e1", fg: "#8e1111", border: "#c62828" },
};

/** A value coloured by its zone; the zone is also named for screen readers (colour is never the only cue). */
export function ZoneBadge({ zone, children }: { zone: Zone | null; children: ReactNode }) {
  const { t } = useTranslation();
  if (!zone) return <Box component="span">{children}</Box>;
  const s = ZONE_STYLE[zone];
  return (
    <Box
      component="span"
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 0.75,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        bgcolor: s.bg,
        color: s.fg,
        fontWeight: 600,
        whiteSpace: "nowrap",
      }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ width: 8, height: 8, borderRadius: "50%", bgcolor: s.border }}
      />
      {children}
      <Box component="span" sx={visuallyHidden}>
        {` (${t(`reports-common.zone.${zone}`)})`}
      </Box>
    </Box>
  );
}
