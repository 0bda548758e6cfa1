import type { UserType } from "@mimamori/shared";
import AccountCircle from "@mui/icons-material/AccountCircle";
import ApartmentOutlined from "@mui/icons-material/ApartmentOutlined";
import Logout from "@mui/icons-material/Logout";
import PersonOutlined from "@mui/icons-material/PersonOutlined";
import SwapHoriz from "@mui/icons-material/SwapHoriz";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionState } from "../../api/hooks";
import { ENTITY_SELECT_PATH } from "../guards/guardDecision";
import { signOut } from "../session/actions";
import { readCookie, writeCookie } from "../session/cookies";
import { staffPath } from "../session/workspace";

/** The top bar's user menu: shows the email; Profile, Change Entity and Change to client (staff), Sign Out. */
export function UserMenu({ area, workspace }: { area: UserType; workspace: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSessionState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const email = user?.email ?? readCookie("userEmail") ?? "";

  const go = (to: string) => {
    setAnchor(null);
    void navigate(to);
  };

  const changeToClient = () => {
    setAnchor(null);
    writeCookie("userType", "client");
    void navigate("/client");
  };

  /** The guard then shows the sign-in page of this area. */
  const doSignOut = async () => {
    setAnchor(null);
    await signOut();
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircle />}
        aria-label={t("topBar.userMenu", { email })}
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{
          minWidth: 0,
          maxWidth: { xs: 48, sm: 280 },
          "& .MuiButton-startIcon": { mr: { xs: 0, sm: 1 } },
        }}
      >
        <Typography
          component="span"
          noWrap
          sx={{ display: { xs: "none", sm: "block" }, fontSize: "0.875rem", fontWeight: 600 }}
        >
          {email}
        </Typography>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        disablePortal
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <MenuItem
          disabled
          sx={{
            "&.Mui-disabled": { opacity: 1 },
            color: "text.secondary",
            fontSize: "0.875rem",
            maxWidth: 300,
            whiteSpace: "normal",
            overflowWrap: "anywhere",
          }}
        >
          {email}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => go(area === "staff" ? staffPath("/staff/profile", workspace) : `/${area}/profile`)}
        >
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          {t("topBar.profile")}
        </MenuItem>
        {area === "staff" && (
          <MenuItem onClick={() => go(ENTITY_SELECT_PATH)}>
            <ListItemIcon>
              <ApartmentOutlined fontSize="small" />
            </ListItemIcon>
            {t("topBar.changeEntity")}
          </MenuItem>
        )}
        {area === "staff" && (
          <MenuItem onClick={changeToClient}>
            <ListItemIcon>
              <SwapHoriz fontSize="small" />
            </ListItemIcon>
            {t("topBar.changeToClient")}
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={doSignOut}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t("topBar.signOut")}
        </MenuItem>
      </Menu>
    </>
  );
}
