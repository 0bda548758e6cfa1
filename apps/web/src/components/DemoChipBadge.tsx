import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";

/**
 * The "Demo data" chip (DemoChip.tsx decides when). Focusable so that the tooltip's explanation also reaches
 * keyboard and screen-reader users. `onDark`: on the top bar.
 */
export default function DemoChipBadge({ onDark }: { onDark: boolean }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t("demo.tooltip")} describeChild arrow>
      <Chip
        label={
          onDark ? (
            <>
              {/* the top bar is full at 390 px: a shorter word there */}
              <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }}>
                {t("demo.chip")}
              </Box>
              <Box component="span" sx={{ display: { xs: "inline", sm: "none" } }}>
                {t("demo.chipShort")}
              </Box>
            </>
          ) : (
            t("demo.chip")
          )
        }
        color="warning"
        size="small"
        tabIndex={0}
        sx={{
          fontWeight: 600,
          flexShrink: 0,
          "&:focus-visible": { outline: "2px solid", outlineOffset: 2 },
          // on the dark-red top bar a light amber stands out (dark text: AA contrast)
          ...(onDark && { bgcolor: "#ffe0b2", color: "#4e2a00" }),
        }}
      />
    </Tooltip>
  );
}
