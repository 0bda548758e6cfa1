import type { AuditWhat } from "@mimamori/shared";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type Column, DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { periodLabel, whatLabel, whenLabel } from "./labels";

interface AuditRow {
  id: number;
  at: string;
  what: AuditWhat;
  period_from: string | null;
  period_to: string | null;
}

interface Props<T extends AuditRow> {
  label: string;
  emptyText: string;
  /** The pages read so far (`has_more` says whether there are more). */
  query: UseInfiniteQueryResult<{ pages: { entries: T[] }[] }>;
  /** The columns between "when" and "what": who read it (and, for admins, whose data and the request). */
  who: Column<T>[];
  /** Columns after the period (the admin's request id and address). */
  trailing?: Column<T>[];
  /** The zone the times are shown in. */
  tz: string;
}

/**
 * The access audit's table, for the person's page and the admin search: when, `who`, what and the period of data
 * read, newest first, with "Show more" while the server has more; loading, empty and error states.
 */
export function AuditTable<T extends AuditRow>({
  label,
  emptyText,
  query,
  who,
  trailing = [],
  tz,
}: Props<T>) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((p) => p.entries);
  return (
    <Stack spacing={2}>
      {query.isError && <ErrorState error={query.error} onRetry={() => query.refetch()} />}
      <DataTable<T>
        label={label}
        rows={query.isError ? [] : rows}
        loading={query.isPending && !query.isError}
        emptyText={emptyText}
        rowKey={(e) => String(e.id)}
        columns={[
          {
            id: "at",
            label: t("access-audit-common.when"),
            minWidth: 140,
            render: (e) => whenLabel(e.at, tz),
          },
          ...who,
          {
            id: "what",
            label: t("access-audit-common.whatLabel"),
            minWidth: 110,
            render: (e) => whatLabel(t, e.what),
          },
          {
            id: "period",
            label: t("access-audit-common.periodLabel"),
            render: (e) => periodLabel(t, e.period_from, e.period_to, tz),
          },
          ...trailing,
        ]}
      />
      {query.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          sx={{ alignSelf: "center" }}
        >
          {t("access-audit-common.loadMore")}
        </Button>
      )}
    </Stack>
  );
}
