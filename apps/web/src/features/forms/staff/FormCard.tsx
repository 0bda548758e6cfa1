import type { FormSummary } from "@mimamori/shared";
import ContentCopyOutlined from "@mui/icons-material/ContentCopyOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import DriveFileRenameOutline from "@mui/icons-material/DriveFileRenameOutline";
import OpenInNew from "@mui/icons-material/OpenInNewOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FactList } from "../../../components/DefinitionList";
import { visuallyHidden } from "../../../components/visuallyHidden";
import { formatDate, formatNumber } from "../../../i18n/language";
import { useLanguage } from "../../../i18n/useLanguage";
import { answeredPercent } from "./progress";

interface Props {
  form: FormSummary;
  href: string;
  /** Shown instead of the name while it is being edited. */
  nameEditor?: ReactNode;
  onDuplicate: () => void;
  onRename: () => void;
  onDelete: () => void;
}

/** One form of /staff/form (FORM-09): id, name, created, entity, answer progress, editable and default. */
export function FormCard({ form, href, nameEditor, onDuplicate, onRename, onDelete }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = `form-${form.id}-name`;
  const percent = answeredPercent(form.answered_count, form.sent_count);
  const progressText =
    form.sent_count > 0
      ? t("forms-staff.list.progress", {
          answered: formatNumber(form.answered_count, language),
          sent: formatNumber(form.sent_count, language),
        })
      : t("forms-staff.list.notSent");

  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      sx={{ height: "100%", display: "flex", flexDirection: "column" }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t("forms-staff.list.id", { id: form.id })}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          {form.is_default && <Chip size="small" color="primary" label={t("forms-staff.list.default")} />}
          <Chip
            size="small"
            variant="outlined"
            color={form.is_editable ? "success" : "default"}
            label={t(form.is_editable ? "forms-staff.list.editable" : "forms-staff.list.locked")}
          />
        </Stack>
        {nameEditor ?? (
          <Typography
            id={headingId}
            variant="h2"
            sx={{ fontSize: "1.2rem", overflowWrap: "anywhere", mb: 1 }}
          >
            {form.name}
          </Typography>
        )}
        {nameEditor && (
          <Typography id={headingId} sx={visuallyHidden}>
            {form.name}
          </Typography>
        )}
        <FactList
          small
          facts={[
            [
              t("forms-staff.list.created"),
              formatDate(new Date(form.created_at), language, { dateStyle: "medium" }),
            ],
            [t("forms-staff.list.entity"), form.entity_name],
            [t("forms-staff.list.questions"), formatNumber(form.question_count, language)],
          ]}
        />
        <Box sx={{ mt: 1.5 }}>
          <Stack direction="row" sx={{ justifyContent: "space-between", mb: 0.5 }}>
            <Typography variant="body2" color="text.secondary" id={`${headingId}-progress`}>
              {t("forms-staff.list.progressLabel")}
            </Typography>
            <Typography variant="body2">{progressText}</Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-labelledby={`${headingId}-progress`}
            aria-valuetext={progressText}
            sx={{ height: 6, borderRadius: 3 }}
          />
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: "wrap" }}>
        <Button
          href={href}
          variant="outlined"
          size="small"
          startIcon={<OpenInNew />}
          aria-label={t("forms-staff.list.openOf", { name: form.name })}
        >
          {t("forms-staff.list.open")}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title={t("forms-staff.list.duplicate")}>
          <IconButton
            aria-label={t("forms-staff.list.duplicateOf", { name: form.name })}
            onClick={onDuplicate}
          >
            <ContentCopyOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("forms-staff.list.rename")}>
          <IconButton aria-label={t("forms-staff.list.renameOf", { name: form.name })} onClick={onRename}>
            <DriveFileRenameOutline />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("ui.actions.delete")}>
          <IconButton
            color="error"
            aria-label={t("forms-staff.list.deleteOf", { name: form.name })}
            onClick={onDelete}
          >
            <DeleteOutlined />
          </IconButton>
        </Tooltip>
      </CardActions>
    </Card>
  );
}
