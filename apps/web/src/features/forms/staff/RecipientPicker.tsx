import type { MemberUser } from "@mimamori/shared";
import CancelIcon from "@mui/icons-material/Cancel";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { SearchField } from "../../../components/SearchField";
import { PICKER_LIST_MAX, pickerTags, searchMembers, toggleAll } from "./recipients";

interface Props {
  /** The members who can receive the form (accepted and active); undefined while loading. */
  members: readonly MemberUser[] | undefined;
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  /** An error under the picker (e.g. "Choose at least one recipient."). */
  error?: string;
  disabled?: boolean;
}

/**
 * Picks recipients among the entity's members: search by name or e-mail, select all of what the search shows,
 * tick one by one. The chosen ones show as tags, at most 20 and the rest as "+N" (LIMITS-09).
 */
export function RecipientPicker({ members, chosen, onChange, error, disabled = false }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState("");
  const byUid = useMemo(() => new Map((members ?? []).map((m) => [m.uid, m])), [members]);
  const matches = useMemo(() => searchMembers(members ?? [], query), [members, query]);
  const listed = matches.slice(0, PICKER_LIST_MAX);
  const chosenSet = new Set(chosen);
  const chosenMatches = matches.filter((m) => chosenSet.has(m.uid)).length;
  const known = chosen.filter((uid) => byUid.has(uid));
  const { shown, more } = pickerTags(known);

  const toggle = (uid: string) =>
    onChange(chosenSet.has(uid) ? chosen.filter((c) => c !== uid) : [...chosen, uid]);

  if (!members) {
    return (
      <Box role="status" aria-label={t("forms-staff.recipients.loading")}>
        <Skeleton height={56} />
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  }

  return (
    <Stack spacing={1.5}>
      <SearchField
        label={t("forms-staff.recipients.search")}
        value={query}
        onChange={setQuery}
        margin="none"
        disabled={disabled}
      />
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
      >
        <FormControlLabel
          control={
            <Checkbox
              checked={matches.length > 0 && chosenMatches === matches.length}
              indeterminate={chosenMatches > 0 && chosenMatches < matches.length}
              onChange={() => onChange(toggleAll(chosen, matches))}
              disabled={disabled || matches.length === 0}
            />
          }
          label={
            query.trim()
              ? t("forms-staff.recipients.selectAllFound", { count: matches.length })
              : t("forms-staff.recipients.selectAll", { count: matches.length })
          }
        />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t("forms-staff.recipients.chosenCount", { count: known.length })}
        </Typography>
      </Stack>
      <Box
        role="group"
        aria-label={t("forms-staff.recipients.listLabel")}
        sx={{ maxHeight: 260, overflowY: "auto", border: 1, borderColor: "divider", borderRadius: 1, px: 1 }}
      >
        {members.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2, textAlign: "center" }}>
            {t("forms-staff.recipients.noMembers")}
          </Typography>
        )}
        {members.length > 0 && matches.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2, textAlign: "center" }}>
            {t("forms-staff.recipients.noMatch")}
          </Typography>
        )}
        {listed.map((m) => (
          <FormControlLabel
            key={m.uid}
            sx={{ display: "flex", mx: 0, py: 0.25, alignItems: "center" }}
            control={
              <Checkbox checked={chosenSet.has(m.uid)} onChange={() => toggle(m.uid)} disabled={disabled} />
            }
            label={
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                  {m.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                  {m.email}
                </Typography>
              </Box>
            }
          />
        ))}
        {matches.length > listed.length && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {t("forms-staff.recipients.refine", { shown: listed.length, count: matches.length })}
          </Typography>
        )}
      </Box>
      {known.length > 0 && (
        <Box>
          <Typography id={`${id}-chosen`} variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
            {t("forms-staff.recipients.chosen")}
          </Typography>
          <Box
            component="ul"
            aria-labelledby={`${id}-chosen`}
            sx={{ display: "flex", flexWrap: "wrap", gap: 0.75, listStyle: "none", p: 0, m: 0 }}
          >
            {shown.map((uid) => {
              const m = byUid.get(uid);
              return (
                <li key={uid}>
                  <Chip
                    size="small"
                    label={m?.name ?? uid}
                    title={m?.email}
                    // focus and Delete/Backspace removes it too; the list's checkbox does the same
                    onDelete={disabled ? undefined : () => toggle(uid)}
                    deleteIcon={
                      <CancelIcon
                        titleAccess={t("forms-staff.recipients.remove", { name: m?.name ?? uid })}
                      />
                    }
                    sx={{ maxWidth: 220 }}
                  />
                </li>
              );
            })}
            {more > 0 && (
              <li>
                <Chip
                  size="small"
                  variant="outlined"
                  label={t("forms-staff.recipients.more", { count: more })}
                  aria-label={t("forms-staff.recipients.moreLabel", { count: more })}
                />
              </li>
            )}
          </Box>
          <Button size="small" onClick={() => onChange([])} disabled={disabled} sx={{ mt: 0.5 }}>
            {t("forms-staff.recipients.clear")}
          </Button>
        </Box>
      )}
      {error && (
        <Typography variant="body2" color="error" role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
