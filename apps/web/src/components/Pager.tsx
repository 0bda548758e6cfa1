import TablePagination from "@mui/material/TablePagination";
import { useTranslation } from "react-i18next";

interface Props {
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
}: Props) {
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
