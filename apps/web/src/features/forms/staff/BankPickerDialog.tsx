import type { BankQuestion, QuestionType } from "@mimamori/shared";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBankQuestions } from "../../../api/forms";
import { ErrorState } from "../../../components/ErrorState";
import { SearchField } from "../../../components/SearchField";
import { formsPaths } from "./paths";

interface Props {
  open: boolean;
  workspace: string;
  types: readonly QuestionType[];
  onClose: () => void;
  /** The chosen bank question: the editor copies its text and type into a new question. */
  onPick: (q: BankQuestion) => void;
}

/** "Add from question bank": pick one of the entity's bank questions (spec §2 /staff/questions). */
export function BankPickerDialog({ open, workspace, types, onClose, onPick }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const bank = useBankQuestions(open ? workspace : null);
  const [query, setQuery] = useState("");
  const typeName = (id: number) => types.find((x) => x.id === id)?.name ?? String(id);
  const found = useMemo(() => {
    const q = query.trim().toLowerCase();
    const list = bank.data ?? [];
    return q ? list.filter((b) => b.text.toLowerCase().includes(q)) : list;
  }, [bank.data, query]);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("forms-staff.bank.title")}</DialogTitle>
      <DialogContent>
        {bank.isError && <ErrorState error={bank.error} onRetry={() => bank.refetch()} />}
        {bank.isPending && !bank.isError && (
          <div role="status" aria-label={t("common.loading")}>
            <Skeleton height={48} />
            <Skeleton height={48} />
          </div>
        )}
        {bank.data && bank.data.length === 0 && (
          <Typography sx={{ py: 2 }}>
            {t("forms-staff.bank.empty")}{" "}
            <Link href={formsPaths.bank(workspace)}>{t("forms-staff.bank.manage")}</Link>
          </Typography>
        )}
        {bank.data && bank.data.length > 0 && (
          <>
            <SearchField label={t("forms-staff.bank.search")} value={query} onChange={setQuery} autoFocus />
            <List aria-label={t("forms-staff.bank.listLabel")} sx={{ maxHeight: 360, overflowY: "auto" }}>
              {found.map((b) => (
                <ListItemButton key={b.id} onClick={() => onPick(b)} divider>
                  <ListItemText
                    primary={b.text}
                    secondary={typeName(b.question_type_id)}
                    slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }}
                  />
                </ListItemButton>
              ))}
              {found.length === 0 && (
                <Typography color="text.secondary" sx={{ py: 2, textAlign: "center" }}>
                  {t("forms-staff.bank.noMatch")}
                </Typography>
              )}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("ui.actions.cancel")}</Button>
      </DialogActions>
    </Dialog>
  );
}
