import { ADMIN_EXPORT_MAX_DAYS, type AdminUser, windowLimitText } from "@mimamori/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errors";
import { orgEndpoints } from "../../../api/organisations";
import { DateTimeField } from "../../../components/DateTimeField";
import { useNotify } from "../../../components/Notifier";
import { saveFile } from "../../../components/saveFile";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { browserTimezone, fromDateTimeInput, periodErrors } from "../../reports-common/window";

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
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const titleId = useId();
  const zone = browserTimezone();
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [dataType, setDataType] = useState<(typeof DATA_TYPES)[number]>("Vital");
  const [dbType, setDbType] = useState<(typeof DB_TYPES)[number]>("Preprocessed");
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (open) {
      setChecked(false);
      setFailure(null);
    }
  }, [open]);

  const startS = fromDateTimeInput(start, zone);
  const endS = fromDateTimeInput(end, zone);
  const maxDays = ADMIN_EXPORT_MAX_DAYS[dataType][dbType];
  const errors = periodErrors(startS, endS, maxDays);
  const startError = checked && errors.from ? msg(errors.from) : undefined;
  const endError = checked && errors.to ? msg(errors.to) : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (!user || startS === null || endS === null || errors.from || errors.to) return;
    setBusy(true);
    setFailure(null);
    try {
      const { blob, filename } = await orgEndpoints.userDataFile(user.uid, {
        start_time: startS,
        end_time: endS,
        data_type: dataType,
        db_type: dbType,
        timezone: zone,
      });
      saveFile(blob, filename ?? `${user.uid.slice(0, 8)}_${dataType}_${dbType}.csv`.toLowerCase());
      notify(t("admin-users.downloaded"), "success");
      onClose();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t("admin-users.downloadTitle")}</DialogTitle>
        <DialogContent>
          <Typography sx={{ overflowWrap: "anywhere", mb: 1 }}>
            {t("admin-users.downloadFor", { name: user?.name ?? "", email: user?.email ?? "" })}
          </Typography>
          {failure !== null && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(failure, language)}
            </Alert>
          )}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
            <DateTimeField
              label={t("admin-users.start")}
              value={start}
              onChange={setStart}
              error={!!startError}
              helperText={startError}
              step={600}
            />
            <DateTimeField
              label={t("admin-users.end")}
              value={end}
              onChange={setEnd}
              error={!!endError}
              helperText={endError}
              step={600}
            />
          </Stack>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t("ui.actions.cancel")}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {t("admin-users.download")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
