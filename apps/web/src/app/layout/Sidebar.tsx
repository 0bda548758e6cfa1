import type { UserType } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Toolbar from "@mui/material/Toolbar";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useHealth } from "../../api/health";
import { SIDEBAR_WIDTH } from "../theme";
import type { MenuDrawer } from "./menuDrawer";
import { navEntries } from "./nav";

function NavList({
  area,
  workspace,
  onNavigate,
}: {
  area: UserType;
  workspace: string | null;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  // the development mailbox's entry only while the server keeps mail instead of sending it
  const mailbox = useHealth()?.mailbox ?? false;
  return (
    <Box component="nav" aria-label={t("nav.mainMenu")}>
      <List>
        {navEntries(area, workspace, mailbox).map(({ to, labelKey, icon: Icon, end }) => (
          <ListItem key={labelKey} disablePadding>
            <ListItemButton
              component={NavLink}
              to={to}
              end={end}
              onClick={onNavigate}
              sx={{
                mx: 1,
                borderRadius: 1,
                "&.active": { bgcolor: "rgba(139, 0, 0, 0.08)", color: "primary.main", fontWeight: 600 },
                "&.active .MuiListItemIcon-root": { color: "primary.main" },
              }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={t(labelKey)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

interface Props {
  area: UserType;
  workspace: string | null;
  drawer: MenuDrawer;
}

/** 280 px sidebar: permanent from md up, a temporary drawer below (spec §2). */
export function Sidebar({ area, workspace, drawer }: Props) {
  const { t } = useTranslation();
  const paper = { width: SIDEBAR_WIDTH, boxSizing: "border-box" } as const;
  return (
    <Box sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 } }}>
      <Drawer
        id={drawer.id}
        variant="temporary"
        open={drawer.open}
        onClose={drawer.close}
        ModalProps={{ keepMounted: false }}
        slotProps={{ paper: { "aria-label": t("nav.mainMenu") } }}
        sx={{ display: { xs: "block", md: "none" }, "& .MuiDrawer-paper": paper }}
      >
        <Toolbar />
        <NavList area={area} workspace={workspace} onNavigate={drawer.close} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: "none", md: "block" }, "& .MuiDrawer-paper": paper }}
      >
        <Toolbar />
        <NavList area={area} workspace={workspace} />
      </Drawer>
    </Box>
  );
}
