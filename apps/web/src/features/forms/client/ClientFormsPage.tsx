import type { ClientFormCard } from "@mimamori/shared";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useClientForms } from "../../../api/forms";
import { ErrorState } from "../../../components/ErrorState";
import { GridList } from "../../../components/GridList";
import { usePageTitle } from "../../../components/usePageTitle";
import { visuallyHidden } from "../../../components/visuallyHidden";
import { useLanguage } from "../../../i18n/useLanguage";
import { formatInstant } from "../common/answerValues";
import { detailPath, splitForms, unansweredTotal } from "./clientForms";

type Section = "new" | "history";

function FormCard({ card, section }: { card: ClientFormCard; section: Section }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const date = (iso: string) => formatInstant(iso, language, false);
  return (
    <Card component="li" sx={{ listStyle: "none", height: "100%" }}>
      <CardActionArea href={detailPath(card.id)} sx={{ height: "100%", alignItems: "stretch" }}>
        <CardContent>
          <Stack
            direction="row"
            spacing={2}
            sx={{ justifyContent: "space-between", alignItems: "flex-start" }}
          >
            <Typography component="h2" variant="h6" sx={{ overflowWrap: "anywhere", minWidth: 0 }}>
              {card.name}
            </Typography>
            {/* the count is in the text too; the badge is its picture */}
            <Badge
              badgeContent={card.unanswered_count}
              color="error"
              max={99}
              aria-hidden
              sx={{ mt: 1.5, mr: 1.5, flexShrink: 0 }}
            />
          </Stack>
          <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
            {card.entity_name}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t("forms-client.created", { date: date(card.created_at) })}
          </Typography>
          <Typography variant="body2">
            {t("forms-client.lastSent", { date: date(card.last_sent_at) })}
          </Typography>
          <Typography
            variant="body2"
            sx={{ mt: 1, fontWeight: 600, color: section === "new" ? "error.main" : "text.secondary" }}
          >
            {section === "new"
              ? t("forms-client.unanswered", { count: card.unanswered_count })
              : t("forms-client.answeredCount", { count: card.answered_count })}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function CardGrid({ cards, section, empty }: { cards: ClientFormCard[]; section: Section; empty: string }) {
  if (cards.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <GridList columns={{ xs: 1, sm: 2, lg: 3 }}>
      {cards.map((c) => (
        <FormCard key={c.id} card={c} section={section} />
      ))}
    </GridList>
  );
}

/**
 * /client/forms (FORM-37/38): the client's forms as cards in two tabs, New Forms (with a badge counting the
 * requests to answer) and Answer History; each card opens /client/forms/{id}/detail. The tab is kept in
 * `?tab=history`, so coming back shows the same list.
 */
export function ClientFormsPage() {
  const { t } = useTranslation();
  const id = useId();
  const forms = useClientForms();
  const [params, setParams] = useSearchParams();
  const tab: Section = params.get("tab") === "history" ? "history" : "new";
  usePageTitle(t("forms-client.title"));

  const { newForms, history } = splitForms(forms.data ?? []);
  const toAnswer = unansweredTotal(forms.data ?? []);
  const tabId = (s: Section) => `${id}-tab-${s}`;
  const panelId = (s: Section) => `${id}-panel-${s}`;

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t("forms-client.title")}</Typography>
      <Typography color="text.secondary">{t("forms-client.intro")}</Typography>
      {forms.isError && <ErrorState error={forms.error} onRetry={() => forms.refetch()} />}
      <Box>
        <Tabs
          value={tab}
          onChange={(_, v: Section) =>
            setParams(v === "history" ? { tab: "history" } : {}, { replace: true })
          }
          aria-label={t("forms-client.sections")}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: "divider", maxWidth: 560 }}
        >
          <Tab
            value="new"
            id={tabId("new")}
            aria-controls={panelId("new")}
            label={
              <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                <span>{t("forms-client.newForms")}</span>
                {toAnswer > 0 && (
                  <Box component="span" sx={visuallyHidden}>
                    {t("forms-client.unansweredBadge", { count: toAnswer })}
                  </Box>
                )}
                {toAnswer > 0 && (
                  <Box
                    component="span"
                    aria-hidden
                    sx={{
                      minWidth: 22,
                      height: 22,
                      px: 0.75,
                      borderRadius: 11,
                      bgcolor: "error.main",
                      color: "error.contrastText",
                      fontSize: 12,
                      fontWeight: 700,
                      display: "inline-flex",
                      alignItems: "center",
                      justifyContent: "center",
                    }}
                  >
                    {toAnswer > 99 ? "99+" : toAnswer}
                  </Box>
                )}
              </Stack>
            }
          />
          <Tab
            value="history"
            id={tabId("history")}
            aria-controls={panelId("history")}
            label={t("forms-client.history")}
          />
        </Tabs>
      </Box>
      {(["new", "history"] as const).map((s) => (
        <Box key={s} role="tabpanel" id={panelId(s)} aria-labelledby={tabId(s)} hidden={tab !== s}>
          {tab === s &&
            (forms.isPending ? (
              <Box
                role="status"
                aria-busy="true"
                aria-label={t("common.loading")}
                sx={{ display: "grid", gap: 2 }}
              >
                {[0, 1].map((i) => (
                  <Skeleton key={i} variant="rounded" height={140} />
                ))}
              </Box>
            ) : forms.isError ? null : (
              <CardGrid
                cards={s === "new" ? newForms : history}
                section={s}
                empty={t(s === "new" ? "forms-client.noNewForms" : "forms-client.noHistory")}
              />
            ))}
        </Box>
      ))}
    </Stack>
  );
}
