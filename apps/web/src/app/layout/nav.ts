import type { UserType } from "@mimamori/shared";
import type { SvgIconComponent } from "@mui/icons-material";
import HomeOutlined from "@mui/icons-material/HomeOutlined";
import PersonOutlined from "@mui/icons-material/PersonOutlined";
import { staffPath } from "./workspace";

export interface NavEntry {
  to: string;
  labelKey: "nav.home" | "nav.profile";
  icon: SvgIconComponent;
  /** Active only on this exact path. */
  end?: boolean;
}

/** The sidebar menu of an area; entries appear as their screens are built (no placeholder pages). */
export function navEntries(area: UserType, workspace: string | null): NavEntry[] {
  const base = `/${area}`;
  const to = (p: string) => (area === "staff" ? staffPath(p, workspace) : p);
  return [
    { to: to(base), labelKey: "nav.home", icon: HomeOutlined, end: true },
    { to: to(`${base}/profile`), labelKey: "nav.profile", icon: PersonOutlined },
  ];
}
