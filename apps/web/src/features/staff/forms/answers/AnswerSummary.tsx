import { type FormSummaryStats, isChoiceType, QUESTION_TYPE, QUESTION_TYPE_NAMES } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../../i18n/language";
import { useLanguage } from "../../../../i18n/useLanguage";
import { optionShares } from "./summary";

type QuestionSummary = FormSummaryStats["questions"][number];

/**
 * Counts per option as horizontal bars (an HTML list: each bar's count and share are its text, so screen
 * readers and zoom read the same figures as the eye), mean/min/max for number questions.
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
          {t("staff-forms-answers.summary.question", { number })}
          {typeName ? ` · ${typeName}` : ""}
        </Typography>
        <Typography component="h4" id={`${id}-title`} sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {q.text}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {q.answers > 0
            ? t("staff-forms-answers.summary.answers", { count: q.answers })
            : t("staff-forms-answers.summary.noAnswers")}
        </Typography>
        {isChoiceType(q.question_type_id) && (
          <Box
            component="ul"
            aria-label={t("staff-forms-answers.summary.optionsOf", { number })}
            sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1 }}
          >
            {optionShares(q).map((o) => (
              <Box component="li" key={o.order}>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ justifyContent: "space-between", alignItems: "baseline" }}
                >
                  <Typography variant="body2" sx={{ overflowWrap: "anywhere", minWidth: 0 }}>
                    {o.text}
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}
                  >
                    {t("staff-forms-answers.summary.optionCount", { count: o.count, percent: pct(o.share) })}
                  </Typography>
                </Stack>
                <Box
                  aria-hidden
                  sx={{ mt: 0.5, height: 10, borderRadius: 5, bgcolor: "action.hover", overflow: "hidden" }}
                >
                  <Box
                    sx={{
                      width: `${o.share * 100}%`,
                      height: "100%",
                      bgcolor: "primary.main",
                      borderRadius: 5,
                    }}
                  />
                </Box>
              </Box>
            ))}
          </Box>
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
                  {t(`staff-forms-answers.summary.${key}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: "tabular-nums" }}>
                  {num(value)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        {!isChoiceType(q.question_type_id) &&
          q.question_type_id !== QUESTION_TYPE.number &&
          q.answers > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t("staff-forms-answers.summary.textOnly")}
            </Typography>
          )}
      </CardContent>
    </Card>
  );
}

/** The per-question summary of the Answers tab (GET /staff/{workspace}/forms/{id}/summary). */
export function AnswerSummary({ stats }: { stats: FormSummaryStats }) {
  return (
    <Box
      component="ul"
      sx={{
        m: 0,
        p: 0,
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
      }}
    >
      {stats.questions.map((q, i) => (
        <QuestionCard key={q.question_id} q={q} number={i + 1} />
      ))}
    </Box>
  );
}
