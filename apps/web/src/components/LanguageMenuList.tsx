import { LANGUAGES, type Language } from "@mimamori/shared";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useTranslation } from "react-i18next";
import { htmlLangOf } from "../i18n/language";

/** The languages of LanguageMenu, each named in itself; loaded on the menu's first opening. */
export default function LanguageMenuList({
  id,
  anchor,
  current,
  onChoose,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  current: Language;
  onChoose: (language: Language) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={onClose} disablePortal>
      {LANGUAGES.map((lng) => (
        <MenuItem key={lng} selected={lng === current} lang={htmlLangOf(lng)} onClick={() => onChoose(lng)}>
          {t(`language.${lng}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
