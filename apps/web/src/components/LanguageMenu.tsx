import { LANGUAGES, type Language } from "@mimamori/shared";
import TranslateIcon from "@mui/icons-material/Translate";
import Button from "@mui/material/Button";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpoints } from "../api/endpoints";
import { useSessionState } from "../api/hooks";
import { applyLanguage } from "../i18n";
import { htmlLangOf } from "../i18n/language";
import { useLanguage } from "../i18n/useLanguage";
import { useNotify } from "./Notifier";

/**
 * The language switch: changes the UI at once, writes the `userLanguage` cookie, sets `<html lang>` and, for a
 * signed-in person, saves the choice on the server.
 */
export function LanguageMenu({ color = "inherit" }: { color?: "inherit" | "primary" }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useSessionState();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = t(`language.${language}`);

  const choose = (next: Language) => {
    setAnchor(null);
    if (next === language) return;
    applyLanguage(next);
    if (session.status === "authenticated") {
      endpoints.saveLanguage(next).catch(() => notify(t("language.saveFailed", { lng: next }), "error"));
    }
  };

  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        aria-label={t("language.button", { language: current })}
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ minWidth: 0, "& .MuiButton-startIcon": { mr: { xs: 0.5, sm: 1 } } }}
      >
        <span lang={htmlLangOf(language)}>{current}</span>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} disablePortal>
        {LANGUAGES.map((lng) => (
          <MenuItem key={lng} selected={lng === language} lang={htmlLangOf(lng)} onClick={() => choose(lng)}>
            {t(`language.${lng}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
