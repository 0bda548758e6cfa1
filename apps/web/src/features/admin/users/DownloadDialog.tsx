import { ADMIN_EXPORT_MAX_DAYS, type AdminUser, windowLimitText } from "@mimamori/shared";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { entityEndpoints } from "../../../api/entities";
import { FormDialog } from "../../../components/FormDialog";
import { useNotify } from "../../../components/Notifier";
import { PeriodFields } from "../../../components/PeriodFields";
import { useStreamedDownload } from "../../../components/useStreamedDownload";
import { useLanguage } from "../../../i18n/useLanguage";
import { browserTimezone, fromDateTimeInput, periodErrors } from "../../reports/common/window";

const DATA_TYPES = ["Vital", "Sleep"] as const;
const DB_TYPES = ["Preprocessed", "Raw"] as const;

/** One user's vital-data CSV for a period (spec §5: start and end date-times required). */
export function DownloadDialog({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: AdminUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const id = useId();
  const zone = browserTimezone();
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [dataType, setDataType] = useState<(typeof DATA_TYPES)[number]>("Vital");
  const [dbType, setDbType] = useState<(typeof DB_TYPES)[number]>("Preprocessed");
  const [checked, setChecked] = useState(false);
  const download = useStreamedDownload();
  const { busy, reset } = download;

  useEffect(() => {
    if (open) {
      setChecked(false);
      reset();
    }
  }, [open, reset]);

  const startS = fromDateTimeInput(start, zone);
  const endS = fromDateTimeInput(end, zone);
  const maxDays = ADMIN_EXPORT_MAX_DAYS[dataType][dbType];
  const errors = periodErrors(startS, endS, maxDays);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (!user || startS === null || endS === null || errors.from || errors.to) return;
    const ended = await download.start(
      entityEndpoints.userDataCsvPath(user.uid, {
        start_time: startS,
        end_time: endS,
        data_type: dataType,
        db_type: dbType,
        timezone: zone,
      }),
      `${user.uid.slice(0, 8)}_${dataType}_${dbType}.csv`.toLowerCase(),
    );
    if ("file" in ended) {
      notify(t("admin-users.downloaded"), "success");
      onClose();
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id={id}
      title={t("admin-users.downloadTitle")}
      onSubmit={submit}
      submitLabel={t("admin-users.download")}
      pending={busy}
      failure={download.failure}
    >
      <Typography sx={{ overflowWrap: "anywhere", mb: 1 }}>
        {t("admin-users.downloadFor", { name: user?.name ?? "", email: user?.email ?? "" })}
      </Typography>
      <PeriodFields
        row
        labels={{ from: t("admin-users.start"), to: t("admin-users.end") }}
        from={start}
        to={end}
        onFrom={setStart}
        onTo={setEnd}
        errors={checked ? errors : {}}
        step={600}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        <TextField
          select
          label={t("admin-users.dataType")}
          value={dataType}
          onChange={(e) => setDataType(e.target.value as (typeof DATA_TYPES)[number])}
        >
          {DATA_TYPES.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`admin-users.dataTypes.${d}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t("admin-users.dbType")}
          value={dbType}
          onChange={(e) => setDbType(e.target.value as (typeof DB_TYPES)[number])}
        >
          {DB_TYPES.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`admin-users.dbTypes.${d}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t("admin-users.zoneNote", { zone: zone })}{" "}
        {t("admin-users.limit", { limit: windowLimitText(maxDays, language) })}
      </Typography>
    </FormDialog>
  );
}
