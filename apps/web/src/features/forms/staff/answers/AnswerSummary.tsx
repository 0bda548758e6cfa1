import { type FormSummaryStats, isChoiceType, QUESTION_TYPE, QUESTION_TYPE_NAMES } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useEntityTimeZone } from "../../../../app/session/workspace";
import { GridList } from "../../../../components/GridList";
import { SearchField } from "../../../../components/SearchField";
import { formatNumber } from "../../../../i18n/language";
import { useLanguage } from "../../../../i18n/useLanguage";
import { formatInstant } from "../../common/answerValues";
import { distributionBars, matchingTexts, optionShares } from "./summary";

type QuestionSummary = FormSummaryStats["questions"][number];

/** A list of horizontal bars: each bar's label and figure are its text; the bar itself is decoration. */
function BarList({
  label,
  bars,
}: {
  label: string;
  bars: { key: string | number; text: string; figure: string; share: number }[];
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1 }}>
      {bars.map((o) => (
        <Box component="li" key={o.key}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "baseline" }}>
            <Typography variant="body2" sx={{ overflowWrap: "anywhere", minWidth: 0 }}>
              {o.text}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
              {o.figure}
            </Typography>
          </Stack>
          <Box
            aria-hidden
            sx={{ mt: 0.5, height: 10, borderRadius: 5, bgcolor: "action.hover", overflow: "hidden" }}
          >
            <Box
              sx={{ width: `${o.share * 100}%`, height: "100%", bgcolor: "primary.main", borderRadius: 5 }}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A free-text question's answers, latest first with the time each was answered (in the entity's zone),
 * narrowed by a search on the page; the newest ones only, with the total and where the rest are.
 */
function TextAnswers({ texts, number }: { texts: NonNullable<QuestionSummary["texts"]>; number: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const zone = useEntityTimeZone() ?? undefined;
  const [query, setQuery] = useState("");
  const shown = matchingTexts(texts.items, query);
  return (
    <Stack spacing={1}>
      <SearchField
        label={t("forms-staff-answers.summary.searchTexts", { number })}
        value={query}
        onChange={setQuery}
      />
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {query.trim()
          ? t("forms-staff-answers.summary.textsMatching", {
              count: shown.length,
              listed: texts.items.length,
            })
          : texts.total > texts.items.length
            ? t("forms-staff-answers.summary.textsNewest", { count: texts.items.length, total: texts.total })
            : t("forms-staff-answers.summary.textsAll", { count: texts.total })}
      </Typography>
      <Box
        component="ul"
        // a keyboard can scroll the list too
        tabIndex={0}
        aria-label={t("forms-staff-answers.summary.textsOf", { number })}
        sx={{
          listStyle: "none",
          m: 0,
          p: 0,
          maxHeight: 320,
          overflowY: "auto",
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineStyle: "solid" },
        }}
      >
        {shown.map((a) => (
          <Box
            component="li"
            key={`${a.answered_at} ${a.text}`}
            sx={{ px: 1.5, py: 1, "& + &": { borderTop: 1, borderColor: "divider" } }}
          >
            <Typography variant="body2" sx={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
              {a.text}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatInstant(a.answered_at, language, true, zone)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

/**
 * Counts per option as horizontal bars (an HTML list: each bar's count and share are its text, so screen
 * readers and zoom read the same figures as the eye), mean/min/max for number questions, the answers of
 * free-text questions and the spread of date and time answers as bars per day, month or hour.
 */
function QuestionCard({ q, number }: { q: QuestionSummary; number: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const typeName = QUESTION_TYPE_NAMES[q.question_type_id as keyof typeof QUESTION_TYPE_NAMES]?.[language];
  const pct = (share: number) =>
    formatNumber(share, language, { style: "percent", maximumFractionDigits: 0 });
  const num = (v: number) => formatNumber(v, language, { maximumFractionDigits: 2 });

  return (
    <Card variant="outlined" component="li" sx={{ listStyle: "none" }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="p">
          {t("forms-staff-answers.summary.question", { number })}
          {typeName ? ` · ${typeName}` : ""}
        </Typography>
        <Typography component="h4" id={`${id}-title`} sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {q.text}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {q.answers > 0
            ? t("forms-staff-answers.summary.answers", { count: q.answers })
            : t("forms-staff-answers.summary.noAnswers")}
        </Typography>
        {isChoiceType(q.question_type_id) && (
          <BarList
            label={t("forms-staff-answers.summary.optionsOf", { number })}
            bars={optionShares(q).map((o) => ({
              key: o.order,
              text: o.text,
              figure: t("forms-staff-answers.summary.optionCount", { count: o.count, percent: pct(o.share) }),
              share: o.share,
            }))}
          />
        )}
        {q.question_type_id === QUESTION_TYPE.number && q.number && (
          <Box
            component="dl"
            sx={{ display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: 1, m: 0 }}
          >
            {(
              [
                ["mean", q.number.mean],
                ["min", q.number.min],
                ["max", q.number.max],
              ] as const
            ).map(([key, value]) => (
              <Box key={key}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(`forms-staff-answers.summary.${key}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: "tabular-nums" }}>
                  {num(value)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        {q.texts && q.texts.total > 0 && <TextAnswers texts={q.texts} number={number} />}
        {q.distribution && q.distribution.buckets.length > 0 && (
          <BarList
            label={t(`forms-staff-answers.summary.per.${q.distribution.unit}`, { number })}
            bars={distributionBars(q.distribution, language).map((b) => ({
              key: b.key,
              text: b.label,
              figure: t("forms-staff-answers.summary.count", { count: b.count }),
              share: b.share,
            }))}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** The per-question summary of the Answers tab (GET /staff/{workspace}/forms/{id}/summary). */
export function AnswerSummary({ stats }: { stats: FormSummaryStats }) {
  return (
    <GridList columns={{ xs: 1, md: 2 }}>
      {stats.questions.map((q, i) => (
        <QuestionCard key={q.question_id} q={q} number={i + 1} />
      ))}
    </GridList>
  );
}
