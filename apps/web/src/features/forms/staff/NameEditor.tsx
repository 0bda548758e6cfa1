import { FORM_LIMITS } from "@mimamori/shared";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCode } from "../../../api/errors";
import { useMessage } from "../../../i18n/useLanguage";

interface Props {
  initial: string;
  label: string;
  /** Saves the name; a rejection is shown under the field and the editor stays open. */
  onSave: (name: string) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A form name edited in place (rename, and naming a duplicate, FORM-11): focused with its text selected, Enter or
 * Save saves, Escape or Cancel leaves it as it was.
 */
export function NameEditor({ initial, label, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const msg = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError("required");
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(trimmed);
    } catch (err) {
      setError(errorCode(err));
      setBusy(false);
      input.current?.focus();
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={1}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TextField
        inputRef={input}
        label={label}
        value={name}
        required
        size="small"
        margin="dense"
        disabled={busy}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            onCancel();
          }
        }}
        error={!!error}
        helperText={error ? msg(error) : t("forms-staff.list.nameHint")}
        slotProps={{ htmlInput: { maxLength: FORM_LIMITS.nameMax } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" size="small" loading={busy}>
          {t("ui.actions.save")}
        </Button>
        <Button size="small" onClick={onCancel} disabled={busy}>
          {t("ui.actions.cancel")}
        </Button>
      </Stack>
    </Stack>
  );
}
