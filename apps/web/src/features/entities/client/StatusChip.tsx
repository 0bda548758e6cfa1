import type { ClientEntity } from "@mimamori/shared";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";

/** Membership status: added, pending approval, invited, or not joined (spec §4); a staff invitation beside it. */
export function StatusChip({ entity }: { entity: ClientEntity }) {
  const { t } = useTranslation();
  const role = entity.invitation?.role;
  const membership =
    entity.status === "added" ? (
      <Chip size="small" color="success" label={t("entities-client.status.added")} />
    ) : entity.is_pending ? (
      <Chip size="small" color="warning" variant="outlined" label={t("entities-client.status.pending")} />
    ) : role === "client" ? (
      <Chip size="small" color="secondary" label={t("entities-client.status.invited")} />
    ) : (
      <Chip size="small" variant="outlined" label={t("entities-client.status.none")} />
    );
  if (role !== "staff") return membership;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }}>
      {membership}
      <Chip size="small" color="secondary" label={t("entities-client.status.staffInvited")} />
    </Stack>
  );
}
