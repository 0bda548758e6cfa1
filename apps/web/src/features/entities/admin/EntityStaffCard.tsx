import { zodResolver } from "@hookform/resolvers/zod";
import { type StaffMember, staffEmailBodySchema } from "@mimamori/shared";
import PersonAddOutlined from "@mui/icons-material/PersonAddOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { entityEndpoints, entityKeys } from "../../../api/entities";
import { errorCode } from "../../../api/errors";
import { useKeyUid } from "../../../api/hooks";
import { DataTable } from "../../../components/DataTable";
import { ErrorState } from "../../../components/ErrorState";
import { textField } from "../../../components/form";
import { useNotify } from "../../../components/Notifier";
import { SectionCard } from "../../../components/SectionCard";
import { valueColumn } from "../../../components/valueColumn";
import { useMessage } from "../../../i18n/useLanguage";
import { StaffName } from "../staff/staffs/StaffName";
import { useEntityStaffs } from "./hooks";

type Values = { email: string };

/**
 * Staff of the entity, and "add staff by e-mail": an invitation the person accepts, or the first staff member
 * of an entity without members added at once; the notice says which.
 */
export function EntityStaffCard({ workspace, titleId }: { workspace: string; titleId: string }) {
  const { t } = useTranslation();
  const msg = useMessage();
  const notify = useNotify();
  const client = useQueryClient();
  const uid = useKeyUid();
  const staffs = useEntityStaffs(workspace);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(staffEmailBodySchema), defaultValues: { email: "" } });

  const onSubmit = async ({ email }: Values) => {
    try {
      const list = await entityEndpoints.addEntityStaff(workspace, email);
      client.setQueryData(entityKeys.entityStaffs(uid, workspace), list);
      void client.invalidateQueries({ queryKey: entityKeys.entities(uid) });
      reset({ email: "" });
      // an invitation unless the first staff member of an entity without members (issue 29 §5)
      const invited = list.find((s) => s.email.toLowerCase() === email.toLowerCase())?.is_invited;
      notify(
        t(invited ? "entities-admin.staffInvitationSent" : "entities-admin.staffAdded", { email }),
        "success",
      );
    } catch (err) {
      setError("email", { message: errorCode(err) });
    }
  };

  return (
    <SectionCard title={t("entities-admin.staff")} titleId={titleId}>
      {staffs.isError && <ErrorState error={staffs.error} onRetry={() => staffs.refetch()} />}
      <DataTable<StaffMember>
        label={t("entities-admin.staff")}
        rows={staffs.data}
        loading={staffs.isPending}
        emptyText={t("entities-admin.noStaff")}
        rowKey={(s) => s.uid}
        columns={[
          {
            id: "name",
            label: t("entities-admin.staffName"),
            render: (s) => <StaffName staff={s} invitedLabel={t("entities-admin.staffInvited")} />,
            sortValue: (s) => s.name,
          },
          valueColumn("email", t("entities-admin.email"), (s) => s.email),
          {
            id: "language",
            label: t("entities-admin.language"),
            render: (s) => t(`language.${s.language}`),
          },
        ]}
      />
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        sx={{
          display: "flex",
          gap: 2,
          alignItems: "flex-start",
          flexWrap: { xs: "wrap", sm: "nowrap" },
          mt: 1,
        }}
      >
        <TextField
          {...textField(register("email"))}
          type="email"
          autoComplete="off"
          required
          label={t("entities-admin.staffEmail")}
          error={!!errors.email}
          helperText={errors.email?.message ? msg(errors.email.message) : t("entities-admin.staffEmailHint")}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<PersonAddOutlined />}
          loading={isSubmitting}
          sx={{ mt: { sm: 2 }, flexShrink: 0, minHeight: 56 }}
        >
          {t("entities-admin.addStaff")}
        </Button>
      </Box>
    </SectionCard>
  );
}
