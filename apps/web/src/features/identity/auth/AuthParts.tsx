import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

// The parts the public account pages share (sign-in, forgot password, the token password pages, e-mail
// verification). They stay light: the sign-in page is in the first bundle.

const SIGN_IN_PATH = "/auth/client/sign-in";

/** The page's title (h1) and, when given, what it is for. */
export function AuthHeading({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      {intro && <Typography color="text.secondary">{intro}</Typography>}
    </>
  );
}

/** What came of the page's request: a success or an error. */
export function ResultAlert({
  ok,
  around = "mt",
  children,
}: {
  ok: boolean;
  around?: "mt" | "my";
  children: ReactNode;
}) {
  return (
    <Alert severity={ok ? "success" : "error"} sx={{ [around]: 2 }}>
      {children}
    </Alert>
  );
}

/** The form's large submit button, with its progress. */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth loading={loading} sx={{ mt: 2 }}>
      {children}
    </Button>
  );
}

/** The large button to the sign-in page, once the page's work is done. */
export function GoToSignIn() {
  const { t } = useTranslation();
  return (
    <Button href={SIGN_IN_PATH} variant="contained" fullWidth size="large">
      {t("auth.goToSignIn")}
    </Button>
  );
}

/** The link back to the sign-in page under the form. */
export function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 3 }}>
      <Link href={SIGN_IN_PATH}>{t("auth.backToSignIn")}</Link>
    </Box>
  );
}
