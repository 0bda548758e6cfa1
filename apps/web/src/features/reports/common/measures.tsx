import { isReportId, type Language, measureOf, type ReportId } from "@mimamori/shared";
import type { SvgIconComponent } from "@mui/icons-material";
import AirOutlined from "@mui/icons-material/AirOutlined";
import BedtimeOutlined from "@mui/icons-material/BedtimeOutlined";
import BloodtypeOutlined from "@mui/icons-material/BloodtypeOutlined";
import DeviceThermostatOutlined from "@mui/icons-material/DeviceThermostatOutlined";
import DirectionsWalkOutlined from "@mui/icons-material/DirectionsWalkOutlined";
import FavoriteBorderOutlined from "@mui/icons-material/FavoriteBorderOutlined";
import MonitorHeartOutlined from "@mui/icons-material/MonitorHeartOutlined";
import PsychologyOutlined from "@mui/icons-material/PsychologyOutlined";
import SentimentDissatisfiedOutlined from "@mui/icons-material/SentimentDissatisfiedOutlined";
import TimelineOutlined from "@mui/icons-material/TimelineOutlined";
import WbSunnyOutlined from "@mui/icons-material/WbSunnyOutlined";

/** The icon of each band measure's card and tile. */
export const MEASURE_ICONS: Record<ReportId, SvgIconComponent> = {
  "00005091": FavoriteBorderOutlined,
  "00005092": DeviceThermostatOutlined,
  "00005093": BloodtypeOutlined,
  "00005094": AirOutlined,
  "00005095": MonitorHeartOutlined,
  "00005096": MonitorHeartOutlined,
  "00005097": DirectionsWalkOutlined,
  "00005098": WbSunnyOutlined,
  "00005099": TimelineOutlined,
  "00005100": BedtimeOutlined,
  "00005102": PsychologyOutlined,
  "00005103": SentimentDissatisfiedOutlined,
};

/** A measure's name in the UI language (from the shared measures), or the id itself when unknown. */
export function measureName(id: string, language: Language): string {
  return isReportId(id) ? measureOf(id).name[language] : id;
}
