import type { UserType } from "@mimamori/shared";
import type { SvgIconComponent } from "@mui/icons-material";
import ApartmentOutlined from "@mui/icons-material/ApartmentOutlined";
import AssessmentOutlined from "@mui/icons-material/AssessmentOutlined";
import AssignmentOutlined from "@mui/icons-material/AssignmentOutlined";
import BadgeOutlined from "@mui/icons-material/BadgeOutlined";
import CategoryOutlined from "@mui/icons-material/CategoryOutlined";
import EditNotificationsOutlined from "@mui/icons-material/EditNotificationsOutlined";
import ExtensionOutlined from "@mui/icons-material/ExtensionOutlined";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import FolderSharedOutlined from "@mui/icons-material/FolderSharedOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import HomeOutlined from "@mui/icons-material/HomeOutlined";
import ManageSearchOutlined from "@mui/icons-material/ManageSearchOutlined";
import MarkunreadMailboxOutlined from "@mui/icons-material/MarkunreadMailboxOutlined";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import PersonOutlined from "@mui/icons-material/PersonOutlined";
import PrivacyTipOutlined from "@mui/icons-material/PrivacyTipOutlined";
import { staffPath } from "../session/workspace";

export interface NavEntry {
  to: string;
  labelKey:
    | "nav.home"
    | "nav.profile"
    | "ui.nav.entities"
    | "ui.nav.staffs"
    | "ui.nav.users"
    | "ui.nav.modules"
    | "ui.nav.reports"
    | "ui.nav.csvDownload"
    | "ui.nav.forms"
    | "ui.nav.notificationSettings"
    | "ui.nav.notifications"
    | "ui.nav.data"
    | "ui.nav.dataTypes"
    | "ui.nav.mailbox"
    | "ui.nav.myDataUse"
    | "ui.nav.accessAudit";
  icon: SvgIconComponent;
  /** Active only on this exact path. */
  end?: boolean;
}

type AreaEntry = { path: string; labelKey: NavEntry["labelKey"]; icon: SvgIconComponent };

/** The screens of each area, in the order of the spec's menus (§2), between Home and Profile. */
const AREA_ENTRIES: Record<UserType, AreaEntry[]> = {
  client: [
    { path: "reports", labelKey: "ui.nav.reports", icon: AssessmentOutlined },
    { path: "data", labelKey: "ui.nav.data", icon: FolderSharedOutlined },
    { path: "entities", labelKey: "ui.nav.entities", icon: ApartmentOutlined },
    { path: "forms", labelKey: "ui.nav.forms", icon: AssignmentOutlined },
    { path: "access-audit", labelKey: "ui.nav.myDataUse", icon: PrivacyTipOutlined },
  ],
  staff: [
    { path: "reports", labelKey: "ui.nav.reports", icon: AssessmentOutlined },
    { path: "form", labelKey: "ui.nav.forms", icon: AssignmentOutlined },
    { path: "staffs", labelKey: "ui.nav.staffs", icon: BadgeOutlined },
    { path: "users", labelKey: "ui.nav.users", icon: GroupsOutlined },
    {
      path: "notification-settings",
      labelKey: "ui.nav.notificationSettings",
      icon: EditNotificationsOutlined,
    },
    { path: "notifications", labelKey: "ui.nav.notifications", icon: NotificationsOutlined },
    { path: "modules", labelKey: "ui.nav.modules", icon: ExtensionOutlined },
  ],
  admin: [
    { path: "entities", labelKey: "ui.nav.entities", icon: ApartmentOutlined },
    { path: "CSVdownload", labelKey: "ui.nav.csvDownload", icon: FileDownloadOutlined },
    { path: "users", labelKey: "ui.nav.users", icon: GroupsOutlined },
    { path: "data-types", labelKey: "ui.nav.dataTypes", icon: CategoryOutlined },
    { path: "access-audit", labelKey: "ui.nav.accessAudit", icon: ManageSearchOutlined },
  ],
};

/** The development mailbox's entry: every area has it while the server keeps mail (`GET /api/health` → `mailbox`). */
const MAILBOX_ENTRY: AreaEntry = {
  path: "mailbox",
  labelKey: "ui.nav.mailbox",
  icon: MarkunreadMailboxOutlined,
};

/**
 * The sidebar menu of an area: Home, the area's screens, the development mailbox when `mailbox` (the server has no
 * SMTP), Profile (staff links keep the workspace).
 */
export function navEntries(area: UserType, workspace: string | null, mailbox = false): NavEntry[] {
  const base = `/${area}`;
  const to = (p: string) => (area === "staff" ? staffPath(p, workspace) : p);
  const screens = mailbox ? [...AREA_ENTRIES[area], MAILBOX_ENTRY] : AREA_ENTRIES[area];
  return [
    { to: to(base), labelKey: "nav.home", icon: HomeOutlined, end: true },
    ...screens.map((e) => ({ to: to(`${base}/${e.path}`), labelKey: e.labelKey, icon: e.icon })),
    { to: to(`${base}/profile`), labelKey: "nav.profile", icon: PersonOutlined },
  ];
}
