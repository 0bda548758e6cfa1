import { csvLine } from "@mimamori/shared";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { saveFile } from "../../../../components/saveFile";
import { visuallyHidden } from "../../../../components/visuallyHidden";
import { useMessage } from "../../../../i18n/useLanguage";

/**
 * The sample file: the header row (kept and skipped on import), then name in column A and e-mail in column B;
 * written by the product's one CSV writer like every CSV.
 */
export const SAMPLE_CSV = csvLine(["name", "email"]) + csvLine(["Yamada Taro", "taro.yamada@example.com"]);

/** CSV upload (spec §5: .csv only, header row, name in A, e-mail in B, encoding detected on the server). */
export function CsvUpload({ busy, onFile }: { busy: boolean; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const msg = useMessage();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    setChosen(file.name);
    if (!/\.csv$/i.test(file.name)) {
      setError(msg("csv-only"));
      return;
    }
    setError(null);
    onFile(file);
  };

  const sample = () =>
    saveFile(new Blob([SAMPLE_CSV], { type: "text/csv;charset=utf-8" }), "users_sample.csv");

  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t("entities-staff-users.csvIntro")}
      </Typography>
      <Box component="ul" sx={{ pl: 3, mt: 0, typography: "body2", color: "text.secondary" }}>
        <li>{t("entities-staff-users.csvRuleHeader")}</li>
        <li>{t("entities-staff-users.csvRuleColumns")}</li>
        <li>{t("entities-staff-users.csvRuleEncoding")}</li>
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          onChange={choose}
          style={visuallyHidden}
          tabIndex={-1}
          aria-hidden="true"
        />
        <Button
          variant="contained"
          startIcon={<UploadFileOutlined />}
          loading={busy}
          onClick={() => input.current?.click()}
        >
          {t("entities-staff-users.chooseCsv")}
        </Button>
        <Button startIcon={<FileDownloadOutlined />} onClick={sample}>
          {t("entities-staff-users.sampleCsv")}
        </Button>
      </Box>
      {chosen && (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: "anywhere" }}>
          {t("entities-staff-users.chosenFile", { name: chosen })}
        </Typography>
      )}
      {error && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
