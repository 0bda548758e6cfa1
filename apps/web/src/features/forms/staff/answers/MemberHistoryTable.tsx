import { type SentHistoryRow, TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from "@mimamori/shared";
import KeyboardArrowDownIcon from "@mui/icons-material/KeyboardArrowDown";
import KeyboardArrowUpIcon from "@mui/icons-material/KeyboardArrowUp";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Collapse from "@mui/material/Collapse";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { useTheme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TableSortLabel from "@mui/material/TableSortLabel";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { Fragment, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useEntityTimeZone } from "../../../../app/session/workspace";
import { Pager, usePagedRows } from "../../../../components/Pager";
import { RuledItem, RuledList } from "../../../../components/RuledList";
import { SearchField } from "../../../../components/SearchField";
import { type SortDirection, sortRows } from "../../../../components/tableRows";
import { visuallyHidden } from "../../../../components/visuallyHidden";
import { htmlLangOf } from "../../../../i18n/language";
import { useLanguage } from "../../../../i18n/useLanguage";
import { formatInstant } from "../../common/answerValues";
import { matchesMember, newestFirst } from "./answerLinks";

type SortKey = "name" | "lastRequested" | "answered";
type Item = SentHistoryRow["history"][number];

interface Props {
  rows: readonly SentHistoryRow[];
  onOpen: (row: SentHistoryRow, item: Item) => void;
  onDelete: (row: SentHistoryRow, item: Item) => void;
}

const SORT_VALUE: Record<SortKey, (r: SentHistoryRow) => string | number> = {
  name: (r) => r.user_name,
  lastRequested: (r) => r.last_requested_at,
  answered: (r) => (r.total ? r.answered / r.total : 0),
};

/**
 * The Answers tab's members (FORM-31/32): name, e-mail, last requested date and answered/total; each row
 * expands to the member's sent orders, whose answered entries can be opened or deleted (FORM-33/34).
 */
export function MemberHistoryTable({ rows, onOpen, onDelete }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const zone = useEntityTimeZone() ?? undefined;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const id = useId();
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<{ by: SortKey; direction: SortDirection }>({
    by: "lastRequested",
    direction: "desc",
  });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const shown = useMemo(
    () =>
      sortRows(
        rows.filter((r) => matchesMember(r, query)),
        SORT_VALUE[sort.by],
        sort.direction,
        htmlLangOf(language),
      ),
    [rows, query, sort, language],
  );
  const { pageRows, firstPage, pager } = usePagedRows(shown, TABLE_PAGE_SIZES, TABLE_DEFAULT_PAGE_SIZE);
  const date = (iso: string) => formatInstant(iso, language, false, zone);
  const toggle = (uid: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(uid)) next.add(uid);
      return next;
    });
  const sortBy = (by: SortKey) => {
    setSort((s) =>
      s.by === by ? { by, direction: s.direction === "asc" ? "desc" : "asc" } : { by, direction: "asc" },
    );
    firstPage();
  };
  const header = (key: SortKey, label: string, align?: "right") => (
    <TableCell
      align={align}
      sx={{ fontWeight: 600, whiteSpace: "nowrap" }}
      sortDirection={sort.by === key ? sort.direction : false}
    >
      <TableSortLabel
        active={sort.by === key}
        direction={sort.by === key ? sort.direction : "asc"}
        onClick={() => sortBy(key)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
  const columns = 5;

  const requests = (row: SentHistoryRow) => (
    <RuledList label={t("forms-staff-answers.requestsOf", { name: row.user_name })}>
      {newestFirst(row.history).map((item) => {
        const labels = { name: row.user_name, order: item.sent_order };
        return (
          <RuledItem key={item.sent_order} py={1} ruleAboveFirst>
            <Box sx={{ minWidth: 0, flex: "1 1 220px" }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t("forms-staff-answers.request", { order: item.sent_order })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t("forms-staff-answers.sentAt", { date: formatInstant(item.sent_at, language, true, zone) })}
                {item.answered_date &&
                  ` · ${t("forms-staff-answers.answeredAt", { date: formatInstant(item.answered_date, language, true, zone) })}`}
              </Typography>
            </Box>
            <Chip
              size="small"
              variant={item.is_answered ? "filled" : "outlined"}
              color={item.is_answered ? "success" : "default"}
              label={t(
                item.is_answered ? "forms-staff-answers.isAnswered" : "forms-staff-answers.notAnswered",
              )}
            />
            {item.is_answered && (
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => onOpen(row, item)}
                  aria-label={t("forms-staff-answers.openLabel", labels)}
                >
                  {t("forms-staff-answers.open")}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => onDelete(row, item)}
                  aria-label={t("forms-staff-answers.deleteLabel", labels)}
                >
                  {t("forms-staff-answers.delete")}
                </Button>
              </Stack>
            )}
          </RuledItem>
        );
      })}
    </RuledList>
  );

  const expandButton = (row: SentHistoryRow, expanded: boolean, panel: string) => (
    <IconButton
      size="small"
      aria-expanded={expanded}
      aria-controls={panel}
      aria-label={t(expanded ? "forms-staff-answers.hideRequests" : "forms-staff-answers.showRequests", {
        name: row.user_name,
      })}
      onClick={() => toggle(row.user_id)}
    >
      {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
    </IconButton>
  );
  const sortLabels: Record<SortKey, string> = {
    name: t("forms-staff-answers.name"),
    lastRequested: t("forms-staff-answers.lastRequested"),
    answered: t("forms-staff-answers.answered"),
  };
  const noMatch = (
    <Typography color="text.secondary" sx={{ py: 2, textAlign: "center" }}>
      {t("forms-staff-answers.noMatch")}
    </Typography>
  );

  /** Phones: each member is a list item (a five-column table does not fit 390 px), sorted by a select. */
  const phoneList = (
    <>
      <TextField
        select
        size="small"
        margin="none"
        label={t("ui.table.sortBy")}
        value={`${sort.by}:${sort.direction}`}
        onChange={(e) => {
          const [by, direction] = e.target.value.split(":") as [SortKey, SortDirection];
          setSort({ by, direction });
          firstPage();
        }}
        sx={{ mb: 1 }}
      >
        {(Object.keys(sortLabels) as SortKey[]).flatMap((key) =>
          (["asc", "desc"] as const).map((direction) => (
            <MenuItem key={`${key}:${direction}`} value={`${key}:${direction}`}>
              {t(direction === "asc" ? "ui.table.ascending" : "ui.table.descending", {
                column: sortLabels[key],
              })}
            </MenuItem>
          )),
        )}
      </TextField>
      {pageRows.length === 0 && noMatch}
      <RuledList label={t("forms-staff-answers.members")}>
        {pageRows.map((row) => {
          const expanded = open.has(row.user_id);
          const panel = `${id}-${row.user_id}`;
          return (
            <Box component="li" key={row.user_id} sx={{ borderBottom: 1, borderColor: "divider", py: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
                {expandButton(row, expanded, panel)}
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: "anywhere" }}>{row.user_name}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                    {row.user_email}
                  </Typography>
                  <Typography variant="body2">
                    {t("forms-staff-answers.lastRequested")}: {date(row.last_requested_at)} ·{" "}
                    {t("forms-staff-answers.answered")}:{" "}
                    {t("forms-staff-answers.answeredOfTotal", { answered: row.answered, total: row.total })}
                  </Typography>
                </Box>
              </Stack>
              <Collapse in={expanded} timeout="auto">
                <Box id={panel} sx={{ pt: 1 }}>
                  {requests(row)}
                </Box>
              </Collapse>
            </Box>
          );
        })}
      </RuledList>
    </>
  );

  return (
    <Box>
      <SearchField
        margin="none"
        label={t("forms-staff-answers.search")}
        value={query}
        onChange={(text) => {
          setQuery(text);
          firstPage();
        }}
        sx={{ mb: 2, width: { xs: "100%", sm: 320 } }}
      />
      {phone ? (
        phoneList
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t("forms-staff-answers.members")}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 48, px: 0.5 }}>
                  <Box component="span" sx={visuallyHidden}>
                    {t("forms-staff-answers.requestsColumn")}
                  </Box>
                </TableCell>
                {header("name", t("forms-staff-answers.name"))}
                <TableCell sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
                  {t("forms-staff-answers.email")}
                </TableCell>
                {header("lastRequested", t("forms-staff-answers.lastRequested"))}
                {header("answered", t("forms-staff-answers.answered"), "right")}
              </TableRow>
            </TableHead>
            <TableBody>
              {pageRows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns}>{noMatch}</TableCell>
                </TableRow>
              )}
              {pageRows.map((row) => {
                const expanded = open.has(row.user_id);
                const panel = `${id}-${row.user_id}`;
                return (
                  <Fragment key={row.user_id}>
                    <TableRow hover sx={{ "& > td": { borderBottom: expanded ? 0 : undefined } }}>
                      <TableCell sx={{ px: 0.5 }}>{expandButton(row, expanded, panel)}</TableCell>
                      <TableCell sx={{ overflowWrap: "anywhere" }}>
                        <Box component="span" sx={{ display: "block", fontWeight: 500 }}>
                          {row.user_name}
                        </Box>
                      </TableCell>
                      <TableCell sx={{ overflowWrap: "anywhere" }}>{row.user_email}</TableCell>
                      <TableCell sx={{ whiteSpace: "nowrap" }}>{date(row.last_requested_at)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                        {t("forms-staff-answers.answeredOfTotal", {
                          answered: row.answered,
                          total: row.total,
                        })}
                      </TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell colSpan={columns} sx={{ py: 0, borderBottom: expanded ? undefined : 0 }}>
                        <Collapse in={expanded} timeout="auto">
                          <Box id={panel} sx={{ pb: 1.5, pl: { xs: 0, sm: 6 } }}>
                            {requests(row)}
                          </Box>
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {shown.length > 0 && <Pager {...pager} />}
    </Box>
  );
}
