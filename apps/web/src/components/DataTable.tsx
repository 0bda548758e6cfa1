import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from "@mimamori/shared";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
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
import { Fragment, type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { htmlLangOf } from "../i18n/language";
import { useLanguage } from "../i18n/useLanguage";
import { Pager, usePagedRows } from "./Pager";
import { type SortDirection, type SortValue, sortRows, tableBody } from "./tableRows";
import { visuallyHidden } from "./visuallyHidden";

export type { SortDirection };

export interface Column<T> {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => SortValue;
  align?: "left" | "right" | "center";
  width?: number | string;
  /** Keeps a short column (e.g. a name) from being squeezed by a long one (e.g. a description). */
  minWidth?: number;
  /** Hides the header text visually (it stays for screen readers), e.g. for an actions column. */
  hideLabel?: boolean;
}

interface Props<T> {
  /** Names the table for assistive technology. */
  label: string;
  columns: Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  emptyText?: string;
  /** Page sizes offered; spec §9: 5/10/25 (default 10), pending requests 3/6/9 (default 3). */
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  initialSort?: { by: string; direction: SortDirection };
}

/**
 * The one table of the app: sortable headers, pagination with configurable page sizes, an empty state and a
 * loading skeleton. Below the `sm` breakpoint (phones) every row becomes a stacked card of label/value pairs.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  emptyText,
  pageSizes = TABLE_PAGE_SIZES,
  defaultPageSize = TABLE_DEFAULT_PAGE_SIZE,
  initialSort,
}: Props<T>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const theme = useTheme();
  const stacked = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const [sort, setSort] = useState(initialSort ?? null);

  const sorted = useMemo(() => {
    const column = sort && columns.find((c) => c.id === sort.by);
    return sortRows(rows ?? [], column?.sortValue, sort?.direction ?? "asc", htmlLangOf(language));
  }, [rows, columns, sort, language]);

  const count = sorted.length;
  const { pageRows, firstPage, pager } = usePagedRows(sorted, pageSizes, defaultPageSize);
  const body = tableBody(rows, loading);

  const toggleSort = (id: string) => {
    setSort((s) =>
      s?.by === id
        ? { by: id, direction: s.direction === "asc" ? "desc" : "asc" }
        : { by: id, direction: "asc" },
    );
    firstPage();
  };

  const empty = (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: "center" }}>
      {emptyText ?? t("ui.table.noData")}
    </Typography>
  );

  const pagination = <Pager {...pager} />;

  if (stacked) {
    const sortable = columns.filter((c) => c.sortValue);
    const sortKey = sort ? `${sort.by}:${sort.direction}` : "";
    return (
      <Box>
        {sortable.length > 0 && count > 1 && (
          <TextField
            select
            size="small"
            label={t("ui.table.sortBy")}
            value={sortKey}
            onChange={(e) => {
              const [by, direction] = e.target.value.split(":");
              setSort(by ? { by, direction: direction as SortDirection } : null);
              firstPage();
            }}
            sx={{ mt: 0, mb: 1 }}
          >
            <MenuItem value="">{t("ui.table.unsorted")}</MenuItem>
            {sortable.flatMap((c) => [
              <MenuItem key={`${c.id}:asc`} value={`${c.id}:asc`}>
                {t("ui.table.ascending", { column: c.label })}
              </MenuItem>,
              <MenuItem key={`${c.id}:desc`} value={`${c.id}:desc`}>
                {t("ui.table.descending", { column: c.label })}
              </MenuItem>,
            ])}
          </TextField>
        )}
        {body === "skeleton" && (
          <Box aria-busy="true" aria-label={t("ui.table.loading")} role="status">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={88} sx={{ my: 1 }} />
            ))}
          </Box>
        )}
        {body === "empty" && empty}
        {body === "rows" && (
          <Box component="ul" aria-label={label} sx={{ listStyle: "none", p: 0, m: 0 }}>
            {pageRows.map((row) => (
              <Box
                component="li"
                key={rowKey(row)}
                sx={{ py: 1.5, px: 1, borderBottom: 1, borderColor: "divider" }}
              >
                <Box
                  component="dl"
                  sx={{
                    display: "grid",
                    gridTemplateColumns: "minmax(88px, 34%) minmax(0, 1fr)",
                    columnGap: 1.5,
                    rowGap: 0.75,
                    alignItems: "baseline",
                    m: 0,
                  }}
                >
                  {columns.map((c) => (
                    <Fragment key={c.id}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {c.label}
                      </Typography>
                      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: "anywhere" }}>
                        {c.render(row)}
                      </Box>
                    </Fragment>
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        )}
        {count > 0 && pagination}
      </Box>
    );
  }

  return (
    <Box>
      <TableContainer>
        <Table aria-label={label} size="small" aria-busy={body === "skeleton" || undefined}>
          <TableHead>
            <TableRow>
              {columns.map((c) => {
                const active = sort?.by === c.id;
                return (
                  <TableCell
                    key={c.id}
                    align={c.align}
                    sx={{ width: c.width, minWidth: c.minWidth, fontWeight: 600, whiteSpace: "nowrap" }}
                    sortDirection={active ? sort.direction : false}
                  >
                    {c.sortValue ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? sort.direction : "asc"}
                        onClick={() => toggleSort(c.id)}
                      >
                        {c.label}
                      </TableSortLabel>
                    ) : c.hideLabel ? (
                      <Box component="span" sx={visuallyHidden}>
                        {c.label}
                      </Box>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {body === "skeleton" &&
              [0, 1, 2].map((i) => (
                <TableRow key={i}>
                  {columns.map((c) => (
                    <TableCell key={c.id}>
                      <Skeleton aria-hidden />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {body === "empty" && (
              <TableRow>
                <TableCell colSpan={columns.length}>{empty}</TableCell>
              </TableRow>
            )}
            {pageRows.map((row) => (
              <TableRow key={rowKey(row)} hover>
                {columns.map((c) => (
                  <TableCell key={c.id} align={c.align} sx={{ overflowWrap: "anywhere" }}>
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {count > 0 && pagination}
    </Box>
  );
}
