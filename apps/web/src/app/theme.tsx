import { createTheme } from "@mui/material/styles";
import { forwardRef } from "react";
import { Link as RouterLink, type LinkProps as RouterLinkProps } from "react-router";

/** MUI links and buttons with `href` navigate inside the app through React Router. */
const LinkBehavior = forwardRef<
  HTMLAnchorElement,
  Omit<RouterLinkProps, "to"> & { href: RouterLinkProps["to"] }
>(function LinkBehavior({ href, ...other }, ref) {
  return <RouterLink ref={ref} to={href} {...other} />;
});

export const TOP_BAR_HEIGHT = 64;
export const SIDEBAR_WIDTH = 280;

const fontFamily = [
  "system-ui",
  "-apple-system",
  '"Segoe UI"',
  "Roboto",
  '"Helvetica Neue"',
  '"Noto Sans JP"',
  '"Noto Sans CJK JP"',
  '"Hiragino Sans"',
  '"Yu Gothic UI"',
  "Meiryo",
  "sans-serif",
].join(",");

/** Dark-red primary (spec §1); every text colour keeps WCAG AA contrast on its background. */
export const theme = createTheme({
  palette: {
    primary: { main: "#8b0000", dark: "#5c0000", light: "#b33a3a", contrastText: "#ffffff" },
    secondary: { main: "#37474f", contrastText: "#ffffff" },
    error: { main: "#c62828" },
    warning: { main: "#a15c00" },
    success: { main: "#2e7d32" },
    background: { default: "#f7f5f5", paper: "#ffffff" },
    text: { primary: "rgba(0, 0, 0, 0.87)", secondary: "rgba(0, 0, 0, 0.64)" },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily,
    h1: { fontSize: "1.75rem", fontWeight: 600, lineHeight: 1.3 },
    h2: { fontSize: "1.25rem", fontWeight: 600, lineHeight: 1.4 },
    h3: { fontSize: "1.1rem", fontWeight: 600, lineHeight: 1.4 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    MuiToolbar: {
      styleOverrides: {
        root: { minHeight: TOP_BAR_HEIGHT, "@media (min-width: 0px)": { minHeight: TOP_BAR_HEIGHT } },
      },
    },
    MuiLink: { defaultProps: { component: LinkBehavior, underline: "always" } },
    MuiButtonBase: { defaultProps: { LinkComponent: LinkBehavior } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: "normal" } },
    MuiCard: { defaultProps: { variant: "outlined" } },
  },
});
