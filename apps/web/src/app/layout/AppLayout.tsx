import type { UserType } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Toolbar from "@mui/material/Toolbar";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { useEntityEvents } from "../../api/events";
import { PageLoader } from "../../components/PageLoader";
import { MAIN_ID, SkipLink } from "../../components/SkipLink";
import { homeOf } from "../guards/guardDecision";
import { useWorkspace } from "../session/workspace";
import { SIDEBAR_WIDTH } from "../theme";
import { useMenuDrawer } from "./menuDrawer";
import { Sidebar } from "./Sidebar";
import { TopBar } from "./TopBar";

/** The shell of /client, /staff and /admin: top bar, sidebar and the page. */
export function AppLayout({ area }: { area: UserType }) {
  const drawer = useMenuDrawer();
  const { workspace, name } = useWorkspace(area === "staff");
  const home = homeOf(area, workspace ?? undefined);
  // the entity's live events refresh its alerts, the bell and the board in this tab (issue 28 §2)
  useEntityEvents(area === "staff" ? workspace : null);

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <SkipLink />
      <TopBar area={area} home={home} workspace={workspace} entityName={name} drawer={drawer} />
      <Sidebar area={area} workspace={workspace} drawer={drawer} />
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, width: { md: `calc(100% - ${SIDEBAR_WIDTH}px)` }, outline: "none" }}
      >
        <Toolbar />
        <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1200, mx: "auto" }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}

export const ClientLayout = () => <AppLayout area="client" />;
export const StaffLayout = () => <AppLayout area="staff" />;
export const AdminLayout = () => <AppLayout area="admin" />;
