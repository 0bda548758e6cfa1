import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { usePageTitle } from "../../../components/usePageTitle";
import { DeleteAccountCard } from "../../account-deletion/DeleteAccountCard";
import { ExportDataCard } from "../../personal-export/ExportDataCard";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { PersonalInfoCard } from "./PersonalInfoCard";

/** Profile of every role: personal information, password change and deleting the account (issue 29 §4). */
export function ProfilePage() {
  const { t } = useTranslation();
  const id = useId();
  usePageTitle(t("profile.title"));
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t("profile.title")}</Typography>
      <PersonalInfoCard titleId={`${id}-info`} />
      <ChangePasswordCard titleId={`${id}-password`} />
      <ExportDataCard titleId={`${id}-export`} />
      <DeleteAccountCard titleId={`${id}-delete`} />
      {/* "My consents" (issue 29 §2: features/consents), beside the profile in every area */}
      <Card>
        <CardContent>
          <Link component={RouterLink} to="../consents" relative="path" variant="h6">
            {t("consents.profileLink")}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t("consents.profileLinkHint")}
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}
