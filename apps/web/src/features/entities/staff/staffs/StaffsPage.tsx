import { LANGUAGES, type Language, type StaffMember } from "@mimamori/shared";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import PersonAddOutlined from "@mui/icons-material/PersonAddOutlined";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { entityEndpoints, entityKeys } from "../../../../api/entities";
import { errorMessage } from "../../../../api/errors";
import { useKeyUid, useSessionState } from "../../../../api/hooks";
import { useWorkspace } from "../../../../app/session/workspace";
import { ConfirmDialog } from "../../../../components/ConfirmDialog";
import { DataTable } from "../../../../components/DataTable";
import { ErrorState } from "../../../../components/ErrorState";
import { useNotify } from "../../../../components/Notifier";
import { usePageTitle } from "../../../../components/usePageTitle";
import { useRowDialog } from "../../../../components/useRowDialog";
import { valueColumn } from "../../../../components/valueColumn";
import { useLanguage, useMessage } from "../../../../i18n/useLanguage";
import { AddStaffDialog } from "./AddStaffDialog";
import { StaffName } from "./StaffName";

/**
 * /staff/staffs: the entity's staff and open staff invitations, invite by e-mail, language per row, remove or
 * withdraw with a confirm (spec §2).
 */
export function StaffsPage() {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const client = useQueryClient();
  const uid = useKeyUid();
  const me = useSessionState().user;
  const { workspace: ws, name: entityName } = useWorkspace(true);
  const workspace = ws ?? "";
  const key = entityKeys.staffs(uid, workspace);
  const staffs = useQuery({ queryKey: key, queryFn: () => entityEndpoints.staffs(workspace), enabled: !!ws });
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const removing = useRowDialog<StaffMember>();
  usePageTitle(t("entities-staff-staffs.title"));

  const changeLanguage = async (s: StaffMember, next: Language) => {
    setBusy(s.email);
    try {
      client.setQueryData(key, await entityEndpoints.changeStaffLanguage(workspace, s.email, next));
      notify(msg("saved"), "success");
    } catch (err) {
      notify(errorMessage(err, language), "error");
    } finally {
      setBusy(null);
    }
  };

  /** Removes a staff member, or withdraws a staff invitation (the same call). */
  const remove = removing.confirm(async (s) => {
    client.setQueryData(key, await entityEndpoints.removeStaff(workspace, s.email));
    notify(
      t(s.is_invited ? "entities-staff-staffs.withdrawn" : "entities-staff-staffs.removed", {
        email: s.email,
      }),
      "success",
    );
  });
  const withdrawing = removing.row?.is_invited ?? false;

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="h1">{t("entities-staff-staffs.title")}</Typography>
        <Button
          variant="contained"
          startIcon={<PersonAddOutlined />}
          onClick={() => setAdding(true)}
          sx={{ flexShrink: 0 }}
        >
          {t("entities-staff-staffs.add")}
        </Button>
      </Stack>
      {staffs.isError && <ErrorState error={staffs.error} onRetry={() => staffs.refetch()} />}
      <Card>
        <CardContent>
          <DataTable<StaffMember>
            label={t("entities-staff-staffs.tableLabel", { name: entityName ?? workspace })}
            rows={staffs.data}
            loading={staffs.isPending}
            rowKey={(s) => s.uid}
            initialSort={{ by: "name", direction: "asc" }}
            columns={[
              {
                id: "name",
                label: t("entities-staff-staffs.name"),
                sortValue: (s) => s.name,
                render: (s) => (
                  <StaffName staff={s} invitedLabel={t("entities-staff-staffs.invited")}>
                    {s.email === me?.email && (
                      <Chip size="small" label={t("entities-staff-staffs.you")} sx={{ ml: 1 }} />
                    )}
                  </StaffName>
                ),
              },
              valueColumn("email", t("entities-staff-staffs.email"), (s) => s.email),
              {
                id: "language",
                label: t("entities-staff-staffs.language"),
                width: 170,
                render: (s) => (
                  <TextField
                    select
                    size="small"
                    margin="none"
                    value={s.language}
                    // an invitee's account is theirs until they accept
                    disabled={busy === s.email || s.is_invited}
                    onChange={(e) => changeLanguage(s, e.target.value as Language)}
                    slotProps={{
                      select: {
                        inputProps: { "aria-label": t("entities-staff-staffs.languageOf", { name: s.name }) },
                      },
                    }}
                    sx={{ minWidth: 130 }}
                  >
                    {LANGUAGES.map((l) => (
                      <MenuItem key={l} value={l}>
                        {t(`language.${l}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                ),
              },
              {
                id: "actions",
                label: t("ui.actions.actions"),
                hideLabel: true,
                align: "right",
                width: 72,
                render: (s) => (
                  <Tooltip
                    title={t(
                      s.is_invited ? "entities-staff-staffs.withdraw" : "entities-staff-staffs.remove",
                    )}
                  >
                    <IconButton
                      color="error"
                      aria-label={t(
                        s.is_invited ? "entities-staff-staffs.withdrawOf" : "entities-staff-staffs.removeOf",
                        {
                          name: s.name,
                        },
                      )}
                      onClick={() => removing.show(s)}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Tooltip>
                ),
              },
            ]}
          />
        </CardContent>
      </Card>
      <AddStaffDialog
        open={adding}
        workspace={workspace}
        onClose={() => setAdding(false)}
        onAdded={(list, email) => {
          client.setQueryData(key, list);
          notify(t("entities-staff-staffs.added", { email }), "success");
        }}
      />
      <ConfirmDialog
        open={removing.open}
        title={t(withdrawing ? "entities-staff-staffs.withdrawTitle" : "entities-staff-staffs.removeTitle")}
        confirmLabel={t(
          withdrawing ? "entities-staff-staffs.withdrawConfirm" : "entities-staff-staffs.removeConfirm",
        )}
        onConfirm={remove}
        onClose={removing.close}
      >
        <Typography sx={{ overflowWrap: "anywhere" }}>
          {t(withdrawing ? "entities-staff-staffs.withdrawBody" : "entities-staff-staffs.removeBody", {
            name: removing.row?.name ?? "",
            email: removing.row?.email ?? "",
            entity: entityName ?? workspace,
          })}
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
