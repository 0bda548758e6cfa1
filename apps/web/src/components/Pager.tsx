import TablePagination from "@mui/material/TablePagination";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { pageOf } from "./tableRows";

export interface PagerProps {
  /** Rows (or cards) in all. */
  count: number;
  /** Zero-based. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  /** A new page size; the caller goes back to the first page. */
  onPageSizeChange: (size: number) => void;
  /** Names the page-size choice ("Rows per page" by default). */
  sizeLabel?: string;
}

/** The pager of the app's lists (the DataTable's, the staff forms cards'): page sizes, "1–10 of 292", arrows. */
export function Pager({
  count,
  page,
  pageSize,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  sizeLabel,
}: PagerProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_, p) => onPageChange(p)}
      onRowsPerPageChange={(e) => onPageSizeChange(Number(e.target.value))}
      labelRowsPerPage={sizeLabel ?? t("ui.table.rowsPerPage")}
      labelDisplayedRows={({ from, to, count: total }) =>
        t("ui.table.displayedRows", { from, to, count: total })
      }
      getItemAriaLabel={(type) => t(`ui.table.${type}Page`)}
      sx={{
        "& .MuiTablePagination-toolbar": {
          flexWrap: "wrap",
          justifyContent: "flex-end",
          px: { xs: 1, sm: 2 },
        },
        "& .MuiTablePagination-spacer": { display: { xs: "none", sm: "block" } },
      }}
    />
  );
}

/**
 * A list paged on the client: the rows of the current page, `firstPage` for a new sort or filter, and the props of
 * its `Pager` (a new page size goes back to the first page).
 */
export function usePagedRows<T>(rows: readonly T[], pageSizes: readonly number[], defaultPageSize: number) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const { page: current, rows: pageRows } = pageOf(rows, page, pageSize);
  const pager: PagerProps = {
    count: rows.length,
    page: current,
    pageSize,
    pageSizes,
    onPageChange: setPage,
    onPageSizeChange: (size) => {
      setPageSize(size);
      setPage(0);
    },
  };
  return { pageRows, firstPage: () => setPage(0), pager };
}
