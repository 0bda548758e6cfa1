import { REPORT_TILES, type ReportCard, SKIN_TEMPERATURE, SYSTOLIC } from "@mimamori/shared";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useReportCards } from "../../../api/reports";
import { ErrorState } from "../../../components/ErrorState";
import { TimeZoneNote } from "../../../components/TimeZoneNote";
import { usePageTitle } from "../../../components/usePageTitle";
import { useLanguage } from "../../../i18n/useLanguage";
import { MEASURE_ICONS, measureName } from "../common/measures";
import { formatValue } from "../common/vitalChartOption";
import { browserTimezone, formatStamp } from "../common/window";
import { ZONE_STYLE, ZoneBadge } from "../common/ZoneBadge";

/** A card's value: "72 bpm", "128/84 mmHg"; null without data. */
export function cardValue(card: ReportCard, language: "jp" | "en"): string | null {
  if (card.value === null) return null;
  const v = formatValue(card.value, card.decimal, language);
  if (card.id === SYSTOLIC && card.value_dbp !== null)
    return `${v}/${formatValue(card.value_dbp, card.decimal, language)} ${card.unit}`;
  return `${v} ${card.unit}`;
}

function MeasureCard({ card, timezone }: { card: ReportCard; timezone: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const Icon = MEASURE_ICONS[card.id];
  const value = cardValue(card, language);
  const name = measureName(card.id, language);
  const temperature = card.id === SKIN_TEMPERATURE;
  return (
    <Card
      sx={{
        height: "100%",
        borderLeft: 6,
        borderLeftColor: card.color ? ZONE_STYLE[card.color].border : "divider",
      }}
    >
      <CardActionArea href={`/client/reports/resq-band/${card.type}/${card.id}`} sx={{ height: "100%" }}>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 1.5 }}>
            <Avatar
              sx={{
                bgcolor: "rgba(139, 0, 0, 0.08)",
                color: "primary.main",
                width: 40,
                height: 40,
                fontSize: 15,
              }}
              aria-hidden
            >
              {temperature ? <b>{card.unit}</b> : <Icon />}
            </Avatar>
            <Typography variant="h2" component="h2" sx={{ fontSize: "1.05rem" }}>
              {name}
            </Typography>
          </Stack>
          {value === null ? (
            <Typography color="text.secondary">{t("reports-common.noData")}</Typography>
          ) : (
            <Box sx={{ fontSize: "1.5rem" }}>
              <ZoneBadge zone={card.color}>{value}</ZoneBadge>
            </Box>
          )}
          {card.time !== null && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t("reports-common.cards.measuredAt", { time: formatStamp(card.time, timezone) })}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /client/reports: one card per band measure (§2) with the latest value, unit and zone colour. */
export function ClientReportsPage() {
  const { t } = useTranslation();
  const timezone = useMemo(browserTimezone, []);
  const cards = useReportCards(timezone);
  usePageTitle(t("reports-common.title"));

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1">{t("reports-common.title")}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {cards.data?.last_sync
            ? t("reports-common.cards.lastSync", { time: formatStamp(cards.data.last_sync, timezone) })
            : t("reports-common.cards.intro")}
        </Typography>
        <TimeZoneNote zone={timezone} clock="browser" sx={{ mt: 0.5 }} />
      </Box>
      {cards.isError && <ErrorState error={cards.error} onRetry={() => cards.refetch()} />}
      <Grid
        container
        spacing={2}
        component="ul"
        sx={{ p: 0, m: 0 }}
        aria-label={t("reports-common.cards.label")}
      >
        {cards.isPending &&
          REPORT_TILES.map((id) => (
            <Grid
              key={id}
              size={{ xs: 12, sm: 6, lg: 4 }}
              component="li"
              sx={{ listStyle: "none" }}
              aria-hidden
            >
              <Skeleton variant="rounded" height={140} />
            </Grid>
          ))}
        {cards.data?.report_list.map((card) => (
          <Grid key={card.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li" sx={{ listStyle: "none" }}>
            <MeasureCard card={card} timezone={timezone} />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
