import type { Column } from "./DataTable";
import type { SortValue } from "./tableRows";

type ColumnLayout<T> = Pick<Column<T>, "align" | "width" | "minWidth">;

/** A column that shows a row's value as it is and sorts by it. */
export function valueColumn<T>(
  id: string,
  label: string,
  value: (row: T) => SortValue,
  layout?: ColumnLayout<T>,
): Column<T> {
  return { id, label, sortValue: value, render: value, ...layout };
}
