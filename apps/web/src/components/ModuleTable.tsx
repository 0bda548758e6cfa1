import type { Module } from "@mimamori/shared";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../api/errors";
import { useLanguage } from "../i18n/useLanguage";
import { DataTable } from "./DataTable";
import { useNotify } from "./Notifier";

interface Props {
  label: string;
  modules: Module[] | undefined;
  loading?: boolean;
  emptyText?: string;
  /** Subscribe (true) or unsubscribe (false). */
  onSubscribe: (module: Module, on: boolean) => Promise<unknown>;
  onMode: (module: Module, mode: number) => Promise<unknown>;
}

/**
 * Module (KPI) subscriptions: a switch per module and the mode select, enabled only while subscribed
 * (spec §4 module subscription). Used by the admin entity detail and the client entity detail.
 */
export function ModuleTable({ label, modules, loading, emptyText, onSubscribe, onMode }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const [busy, setBusy] = useState<number | null>(null);

  const run = async (id: number, action: () => Promise<unknown>) => {
    setBusy(id);
    try {
      await action();
      notify(t("ui.modules.updated"), "success");
    } catch (err) {
      notify(errorMessage(err, language), "error");
    } finally {
      setBusy(null);
    }
  };

  return (
    <DataTable<Module>
      label={label}
      rows={modules}
      loading={loading}
      emptyText={emptyText ?? t("ui.modules.none")}
      rowKey={(m) => String(m.id)}
      columns={[
        {
          id: "name",
          label: t("ui.modules.name"),
          minWidth: 120,
          render: (m) => m.name,
          sortValue: (m) => m.name,
        },
        { id: "description", label: t("ui.modules.description"), render: (m) => m.description },
        {
          id: "status",
          label: t("ui.modules.subscription"),
          width: 150,
          render: (m) => {
            const on = m.status === "subscribed";
            return (
              <FormControlLabel
                sx={{ m: 0, whiteSpace: "nowrap" }}
                control={
                  <Switch
                    checked={on}
                    disabled={busy === m.id}
                    onChange={(e) => run(m.id, () => onSubscribe(m, e.target.checked))}
                    slotProps={{ input: { "aria-label": t("ui.modules.subscribeTo", { name: m.name }) } }}
                  />
                }
                label={on ? t("ui.modules.subscribed") : t("ui.modules.notSubscribed")}
              />
            );
          },
        },
        {
          id: "mode",
          label: t("ui.modules.mode"),
          width: 200,
          render: (m) => {
            const on = m.status === "subscribed";
            return (
              <TextField
                select
                size="small"
                margin="none"
                label={t("ui.modules.mode")}
                value={on && m.subscription_mode !== null ? String(m.subscription_mode) : ""}
                disabled={!on || busy === m.id}
                onChange={(e) => run(m.id, () => onMode(m, Number(e.target.value)))}
                sx={{ minWidth: 160 }}
              >
                {m.module_subscription_mode.options.map((o) => (
                  <MenuItem key={o.id} value={String(o.id)}>
                    {o.text}
                  </MenuItem>
                ))}
              </TextField>
            );
          },
        },
      ]}
    />
  );
}
