import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../components/usePageTitle";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { PersonalInfoCard } from "./PersonalInfoCard";

/** Profile of every role: personal information and password change. */
export function ProfilePage() {
  const { t } = useTranslation();
  const id = useId();
  usePageTitle(t("profile.title"));
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t("profile.title")}</Typography>
      <PersonalInfoCard titleId={`${id}-info`} />
      <ChangePasswordCard titleId={`${id}-password`} />
    </Stack>
  );
}
