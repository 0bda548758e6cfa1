import type { AuditRole, AuditWhat } from "@mimamori/shared";
import type { TFunction } from "i18next";
import { formatStamp } from "../../reports/common/window";

/** What was read, in the reader's language. */
export const whatLabel = (t: TFunction, what: AuditWhat) => t(`access-audit-common.what.${what}`);

/** The period of data read (`YYYY/MM/DD HH:mm – …` in `tz`), or a dash for a read without one. */
export function periodLabel(t: TFunction, from: string | null, to: string | null, tz: string): string {
  if (!from || !to) return t("access-audit-common.noPeriod");
  const s = (iso: string) => formatStamp(Date.parse(iso) / 1000, tz);
  return t("access-audit-common.period", { from: s(from), to: s(to) });
}

/** When it was read (`YYYY/MM/DD HH:mm` in `tz`). */
export const whenLabel = (iso: string, tz: string) => formatStamp(Date.parse(iso) / 1000, tz);

/** Who read it: the name with the role ("Sato (Staff)"). */
export const actorLabel = (t: TFunction, name: string, role: AuditRole) =>
  t("access-audit-common.actor", { name, role: t(`access-audit-common.role.${role}`) });
