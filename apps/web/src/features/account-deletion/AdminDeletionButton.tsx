import { ACCOUNT_DELETION_GRACE_DAYS, type AdminUser } from "@mimamori/shared";
import PersonOffOutlined from "@mui/icons-material/PersonOffOutlined";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { accountDeletionEndpoints } from "../../api/account-deletion";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useNotify } from "../../components/Notifier";
import { formatDate } from "../../i18n/language";
import { useLanguage } from "../../i18n/useLanguage";

/**
 * Issue 29 §4 on the admin's user list: starts the same deletion a person starts themself (closed at once, deleted
 * after the grace period unless they sign in), for a person who asked in writing. The admin's own row has none.
 */
export function AdminDeletionButton({ user, self }: { user: AdminUser; self: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const name = user.name || user.email;
  if (self) return null;

  const start = async () => {
    const done = await accountDeletionEndpoints.closeFor(user.uid);
    notify(
      t("account-deletion.adminStarted", { date: formatDate(new Date(done.deletion_due_at), language) }),
      "success",
    );
  };

  return (
    <>
      <Tooltip title={t("account-deletion.adminStart")}>
        <IconButton
          color="warning"
          aria-label={t("account-deletion.adminStartOf", { name })}
          onClick={() => setOpen(true)}
        >
          <PersonOffOutlined />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={open}
        title={t("account-deletion.adminTitle")}
        confirmLabel={t("account-deletion.adminConfirm")}
        onConfirm={start}
        onClose={() => setOpen(false)}
      >
        <Typography gutterBottom sx={{ overflowWrap: "anywhere" }}>
          {t("account-deletion.adminBody", {
            name,
            email: user.email,
            days: ACCOUNT_DELETION_GRACE_DAYS,
          })}
        </Typography>
        <Typography>{t("account-deletion.adminOnlyOnRequest")}</Typography>
      </ConfirmDialog>
    </>
  );
}
