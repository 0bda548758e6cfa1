import type { SvgIconComponent } from "@mui/icons-material";
import MonitorHeartOutlined from "@mui/icons-material/MonitorHeartOutlined";
import SyncProblemOutlined from "@mui/icons-material/SyncProblemOutlined";
import WebhookOutlined from "@mui/icons-material/WebhookOutlined";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { staffPath, useWorkspace } from "../../../../app/session/workspace";
import { LinkTile, LinkTiles } from "../../../../components/LinkTiles";
import { usePageTitle } from "../../../../components/usePageTitle";
import { LockCard } from "./LockCard";
import { MEASUREMENT_PATH, SYNC_PATH } from "./settings";

const WEBHOOKS_PATH = "/staff/notification-settings/webhooks";

interface Tile {
  path: string;
  icon: SvgIconComponent;
  title:
    | "alerts-staff-settings.tiles.measurement"
    | "alerts-staff-settings.tiles.sync"
    | "webhooks-staff.tile";
  text:
    | "alerts-staff-settings.tiles.measurementText"
    | "alerts-staff-settings.tiles.syncText"
    | "webhooks-staff.tileText";
}

const TILES: Tile[] = [
  {
    path: MEASUREMENT_PATH,
    icon: MonitorHeartOutlined,
    title: "alerts-staff-settings.tiles.measurement",
    text: "alerts-staff-settings.tiles.measurementText",
  },
  {
    path: SYNC_PATH,
    icon: SyncProblemOutlined,
    title: "alerts-staff-settings.tiles.sync",
    text: "alerts-staff-settings.tiles.syncText",
  },
  // alerts to other systems (issue 31 §6): features/webhooks/staff
  {
    path: WEBHOOKS_PATH,
    icon: WebhookOutlined,
    title: "webhooks-staff.tile",
    text: "webhooks-staff.tileText",
  },
];

/** /staff/notification-settings (spec §2, NOTIF-01/02): a tile per alert type and the lock card. */
export function AlertSettingsPage() {
  const { t } = useTranslation();
  const { workspace } = useWorkspace(true);
  const tilesId = useId();
  usePageTitle(t("alerts-staff-settings.title"));

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1">{t("alerts-staff-settings.title")}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t("alerts-staff-settings.intro")}
        </Typography>
      </Box>
      <Box component="section" aria-labelledby={tilesId}>
        <Typography variant="h2" id={tilesId} sx={{ mb: 2 }}>
          {t("alerts-staff-settings.tiles.label")}
        </Typography>
        <LinkTiles>
          {TILES.map(({ path, icon, title, text }) => (
            <LinkTile
              key={path}
              href={staffPath(path, workspace)}
              icon={icon}
              title={t(title)}
              text={t(text)}
              size={{ xs: 12, sm: 6 }}
            />
          ))}
        </LinkTiles>
      </Box>
      <LockCard workspace={workspace} />
    </Stack>
  );
}
