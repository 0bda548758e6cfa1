import type { Language } from "@mimamori/shared";
import TranslateIcon from "@mui/icons-material/Translate";
import Button from "@mui/material/Button";
import { lazy, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { identityEndpoints } from "../api/identity";
import { useSessionState } from "../api/session";
import { applyLanguage } from "../i18n";
import { htmlLangOf } from "../i18n/language";
import { useLanguage } from "../i18n/useLanguage";
import { useNotify } from "./Notifier";

// The menu's code (popover, modal, focus handling) comes on the first click, not with the first page.
const LanguageMenuList = lazy(() => import("./LanguageMenuList"));

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
  // stays mounted once opened, so that closing animates as before
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const current = t(`language.${language}`);

  const choose = (next: Language) => {
    setAnchor(null);
    if (next === language) return;
    applyLanguage(next);
    if (session.status === "authenticated") {
      identityEndpoints
        .saveLanguage(next)
        .catch(() => notify(t("language.saveFailed", { lng: next }), "error"));
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
        onClick={(e) => {
          setUsed(true);
          setAnchor(e.currentTarget);
        }}
        sx={{ minWidth: 0, "& .MuiButton-startIcon": { mr: { xs: 0.5, sm: 1 } } }}
      >
        <span lang={htmlLangOf(language)}>{current}</span>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenuList
            id={menuId}
            anchor={anchor}
            current={language}
            onChoose={choose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
