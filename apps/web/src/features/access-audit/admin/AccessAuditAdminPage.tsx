import { AUDIT_CSV_MAX_DAYS, AUDIT_SEARCH_MAX_DAYS, type AuditEntry } from "@mimamori/shared";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AuditFilters, auditEndpoints, useAuditSearch } from "../../../api/access-audit";
import { errorMessage } from "../../../api/errors";
import { DateTimeField } from "../../../components/DateTimeField";
import { useNotify } from "../../../components/Notifier";
import { TimeZoneNote } from "../../../components/TimeZoneNote";
import { usePageTitle } from "../../../components/usePageTitle";
import { useStreamedDownload } from "../../../components/useStreamedDownload";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { nowSeconds } from "../../reports/common/useReportWindow";
import {
  browserTimezone,
  fromDateTimeInput,
  periodErrors,
  startOfDay,
  toDateTimeInput,
} from "../../reports/common/window";
import { AuditTable } from "../common/AuditTable";
import { actorLabel } from "../common/labels";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Fields {
  person: string;
  staff: string;
  workspace: string;
  from: string;
  to: string;
}
type FieldErrors = Partial<Record<keyof Fields, string>>;

/**
 * /admin/access-audit (issue 29 §1): the access audit searched by person, staff member (user IDs: no name or
 * e-mail address goes into a URL), entity and period, newest first, page after page; the matches download as
 * CSV. It spans every entity, so its period and times are on the admin's device clock.
 */
export function AccessAuditAdminPage() {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const tz = useMemo(browserTimezone, []);
  const today = startOfDay(nowSeconds(), tz);
  const [fields, setFields] = useState<Fields>(() => ({
    person: "",
    staff: "",
    workspace: "",
    from: toDateTimeInput(today - 29 * 86400, tz),
    to: toDateTimeInput(today + 86400, tz),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [filters, setFilters] = useState<AuditFilters | null>(null);
  const csv = useStreamedDownload();
  const search = useAuditSearch(filters);
  usePageTitle(t("access-audit-admin.title"));
  const set = (k: keyof Fields) => (v: string) => setFields((f) => ({ ...f, [k]: v }));

  /** The filters of the form, or null with the fields' errors shown. */
  const check = (maxDays: typeof AUDIT_CSV_MAX_DAYS): AuditFilters | null => {
    const start = fromDateTimeInput(fields.from, tz);
    const end = fromDateTimeInput(fields.to, tz);
    const errs: FieldErrors = {};
    const period = periodErrors(start, end, maxDays);
    if (period.from) errs.from = msg(period.from);
    if (period.to) errs.to = msg(period.to);
    for (const k of ["person", "staff"] as const)
      if (fields[k].trim() && !UUID.test(fields[k].trim())) errs[k] = t("access-audit-admin.invalidId");
    setErrors(errs);
    if (Object.keys(errs).length || start === null || end === null) return null;
    return {
      person: fields.person.trim() || undefined,
      staff: fields.staff.trim() || undefined,
      workspace: fields.workspace.trim() || undefined,
      start_time: start,
      end_time: end,
    };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const f = check(AUDIT_SEARCH_MAX_DAYS);
    if (f) setFilters(f);
  };

  const download = async () => {
    const f = check(AUDIT_CSV_MAX_DAYS);
    if (!f || f.start_time === undefined || f.end_time === undefined) return;
    const ended = await csv.start(
      auditEndpoints.downloadPath({ ...f, start_time: f.start_time, end_time: f.end_time, timezone: tz }),
      "access_audit.csv",
    );
    if ("file" in ended) notify(t("access-audit-admin.downloaded", { name: ended.file.filename }), "success");
    else if ("failed" in ended) notify(errorMessage(ended.failed, language), "error");
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1">{t("access-audit-admin.title")}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t("access-audit-admin.intro")}
        </Typography>
      </Box>
      <Card>
        <CardContent>
          <Box component="form" noValidate onSubmit={submit}>
            <Grid container spacing={2}>
              {(["person", "staff"] as const).map((k) => (
                <Grid key={k} size={{ xs: 12, md: 6 }}>
                  <TextField
                    fullWidth
                    label={t(`access-audit-admin.${k}`)}
                    value={fields[k]}
                    onChange={(e) => set(k)(e.target.value)}
                    error={!!errors[k]}
                    helperText={errors[k] ?? t("access-audit-admin.idHint")}
                    slotProps={{ htmlInput: { spellCheck: false, autoComplete: "off" } }}
                  />
                </Grid>
              ))}
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField
                  fullWidth
                  label={t("access-audit-admin.entity")}
                  value={fields.workspace}
                  onChange={(e) => set("workspace")(e.target.value)}
                  slotProps={{ htmlInput: { maxLength: 20, spellCheck: false } }}
                />
              </Grid>
              {(["from", "to"] as const).map((k) => (
                <Grid key={k} size={{ xs: 12, sm: 6, md: 4 }}>
                  <DateTimeField
                    fullWidth
                    step={60}
                    label={t(`access-audit-admin.${k}`)}
                    value={fields[k]}
                    onChange={set(k)}
                    error={!!errors[k]}
                    helperText={errors[k]}
                  />
                </Grid>
              ))}
            </Grid>
            <TimeZoneNote zone={tz} clock="browser" sx={{ mt: 1 }} />
            <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, flexWrap: "wrap" }}>
              <Button type="submit" variant="contained" startIcon={<SearchOutlined />}>
                {t("access-audit-admin.search")}
              </Button>
              <Button
                variant="outlined"
                startIcon={<DownloadOutlined />}
                onClick={download}
                loading={csv.busy}
              >
                {t("access-audit-admin.download")}
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
      {filters && (
        <Card>
          <CardContent>
            <AuditTable<AuditEntry>
              label={t("access-audit-admin.table")}
              emptyText={t("access-audit-admin.empty")}
              query={search}
              tz={tz}
              who={[
                {
                  id: "who",
                  label: t("access-audit-admin.who"),
                  minWidth: 160,
                  render: (e) => (
                    <>
                      {actorLabel(t, e.actor.name, e.role)}
                      <Typography variant="body2" color="text.secondary">
                        {e.entity
                          ? `${e.entity.name} (${e.entity.workspace_name})`
                          : t("access-audit-common.admin")}
                      </Typography>
                    </>
                  ),
                },
                {
                  id: "whose",
                  label: t("access-audit-admin.whose"),
                  minWidth: 160,
                  render: (e) => (
                    <>
                      {e.subject.name ?? t("access-audit-admin.deleted")}
                      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: "break-all" }}>
                        {e.subject.uid}
                      </Typography>
                    </>
                  ),
                },
              ]}
              trailing={[
                {
                  id: "request",
                  label: t("access-audit-admin.request"),
                  render: (e) => (
                    <Typography variant="body2" sx={{ wordBreak: "break-all" }}>
                      {e.request_id}
                      <br />
                      {e.address}
                    </Typography>
                  ),
                },
              ]}
            />
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
