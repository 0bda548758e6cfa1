import type { UserRow, UserRowStatus } from "@mimamori/shared";
import Chip, { type ChipProps } from "@mui/material/Chip";
import { useTranslation } from "react-i18next";
import { DataTable } from "../../../../components/DataTable";
import { valueColumn } from "../../../../components/valueColumn";

const COLOUR: Record<UserRowStatus, ChipProps["color"]> = {
  ok: "success",
  sent: "success",
  already_exists: "default",
  invalid_email: "error",
  invalid_name: "error",
  duplicate_email: "warning",
  create_user_error: "error",
};

export function RowStatusChip({ status }: { status: UserRowStatus }) {
  const { t } = useTranslation();
  const outlined = status !== "ok" && status !== "sent";
  return (
    <Chip
      size="small"
      color={COLOUR[status]}
      variant={outlined ? "outlined" : "filled"}
      label={t(`entities-staff-users.rowStatus.${status}`)}
    />
  );
}

type Numbered = UserRow & { n: number };

/** Rows to register with their validation (or registration) status, in file order. */
export function RowsTable({ rows, label }: { rows: UserRow[]; label: string }) {
  const { t } = useTranslation();
  const numbered: Numbered[] = rows.map((r, i) => ({ ...r, n: i + 1 }));
  return (
    <DataTable<Numbered>
      label={label}
      rows={numbered}
      rowKey={(r) => String(r.n)}
      columns={[
        valueColumn("n", t("entities-staff-users.rowNumber"), (r) => r.n, { width: 56 }),
        {
          id: "name",
          label: t("entities-staff-users.name"),
          sortValue: (r) => r.name,
          render: (r) => r.name || "—",
        },
        {
          id: "email",
          label: t("entities-staff-users.email"),
          sortValue: (r) => r.email,
          render: (r) => r.email || "—",
        },
        {
          id: "language",
          label: t("entities-staff-users.language"),
          render: (r) => t(`language.${r.language}`),
        },
        {
          id: "status",
          label: t("entities-staff-users.status"),
          sortValue: (r) => r.status,
          render: (r) => <RowStatusChip status={r.status} />,
        },
      ]}
    />
  );
}
