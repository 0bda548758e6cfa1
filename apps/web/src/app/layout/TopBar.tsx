import type { UserType } from "@mimamori/shared";
import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { DemoChip } from "../../components/DemoChip";
import { LanguageMenu } from "../../components/LanguageMenu";
import { visuallyHidden } from "../../components/visuallyHidden";
import { AlertBell } from "./AlertBell";
import type { MenuDrawer } from "./menuDrawer";
import { UserMenu } from "./UserMenu";

interface Props {
  area: UserType;
  home: string;
  workspace: string | null;
  entityName: string | null;
  drawer: MenuDrawer;
}

/**
 * 64 px top bar: entity name (staff), the demo-data marker (while demo accounts exist), language switch,
 * the notification dot (staff of an entity), user menu (spec §2).
 */
export function TopBar({ area, home, workspace, entityName, drawer }: Props) {
  const { t } = useTranslation();
  return (
    <AppBar position="fixed" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      {/* on a phone the entity name gives way (ellipsis) before the language button wraps */}
      <Toolbar
        sx={{
          gap: { xs: 0.5, sm: 1 },
          px: { xs: 1, sm: 2 },
          "& > .MuiButton-root": { flexShrink: 0, whiteSpace: "nowrap" },
        }}
      >
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t("nav.openMenu")}
          aria-controls={drawer.id}
          aria-expanded={drawer.open}
          onClick={drawer.toggle}
          sx={{ display: { md: "none" } }}
        >
          <MenuIcon />
        </IconButton>
        <Link
          href={home}
          underline="none"
          color="inherit"
          sx={{
            fontWeight: 700,
            fontSize: "1.2rem",
            flexShrink: 0,
            display: { xs: area === "staff" ? "none" : "block", sm: "block" },
          }}
        >
          {t("app.name")}
        </Link>
        {area === "staff" && entityName && (
          <Typography
            component="p"
            noWrap
            title={entityName}
            sx={{
              minWidth: 0,
              ml: { xs: 0.5, sm: 2 },
              pl: { sm: 2 },
              borderLeft: { sm: "1px solid rgba(255,255,255,0.5)" },
              fontWeight: 600,
            }}
          >
            <Box component="span" sx={visuallyHidden}>
              {t("topBar.entity", { name: entityName })}
            </Box>
            <span aria-hidden>{entityName}</span>
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <DemoChip onDark />
        {area === "staff" && workspace && <AlertBell workspace={workspace} />}
        <LanguageMenu />
        <UserMenu area={area} workspace={workspace} />
      </Toolbar>
    </AppBar>
  );
}
