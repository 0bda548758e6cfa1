import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import Badge from "@mui/material/Badge";
import IconButton from "@mui/material/IconButton";
import { useTranslation } from "react-i18next";
import { useUnseenCount } from "../../api/alerts";
import { staffPath } from "../session/workspace";

/**
 * The top bar's notification dot (spec §2, NOTIF-23): a bell linking to the entity's notifications, with a dot
 * while the caller has unseen alerts of the entity; the count is polled every 30 s and on window focus. The
 * number is in the accessible name; the dot itself is only a visual cue.
 */
export function AlertBell({ workspace }: { workspace: string }) {
  const { t } = useTranslation();
  const unseen = useUnseenCount(workspace);
  const count = unseen.data?.count ?? 0;
  const label = count > 0 ? t("alerts-staff.dot.label", { count }) : t("alerts-staff.dot.labelNone");
  return (
    <IconButton color="inherit" href={staffPath("/staff/notifications", workspace)} aria-label={label}>
      <Badge
        variant="dot"
        color="error"
        invisible={count === 0}
        overlap="circular"
        sx={{
          "& .MuiBadge-dot": {
            border: "2px solid",
            borderColor: "primary.main",
            width: 12,
            height: 12,
            borderRadius: "50%",
          },
        }}
      >
        <NotificationsOutlined />
      </Badge>
    </IconButton>
  );
}
