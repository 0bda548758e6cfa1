import Typography, { type TypographyProps } from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

interface Props extends Omit<TypographyProps, "children"> {
  /** The IANA zone the screen's times are shown in. */
  zone: string;
  /** Whose clock: the entity's (what its staff see) or the viewer's device (a client's own times). */
  clock: "entity" | "browser";
}

/**
 * Says which time zone a screen's times are in (docs/decisions.md "Times"): staff see their entity's clock, a
 * client their device's, and each screen names it once, beside its times.
 */
export function TimeZoneNote({ zone, clock, ...typography }: Props) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" {...typography}>
      {t(clock === "entity" ? "time.entityZone" : "time.browserZone", { zone })}
    </Typography>
  );
}
