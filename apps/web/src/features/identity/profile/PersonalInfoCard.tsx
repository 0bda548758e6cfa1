import { zodResolver } from "@hookform/resolvers/zod";
import { type UserInfo, type UserInfoBody, userInfoBodySchema } from "@mimamori/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import Skeleton from "@mui/material/Skeleton";
import TextField from "@mui/material/TextField";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errors";
import { useSaveUserInfo, useUserInfo } from "../../../api/hooks";
import { ErrorState } from "../../../components/ErrorState";
import { textField } from "../../../components/form";
import { useNotify } from "../../../components/Notifier";
import { RequiredNote } from "../../../components/RequiredNote";
import { SectionCard } from "../../../components/SectionCard";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";

const FIELDS = [
  { name: "display_name", label: "profile.displayName", required: true, autoComplete: "nickname" },
  { name: "last_name", label: "profile.lastName", required: true, autoComplete: "family-name" },
  { name: "first_name", label: "profile.firstName", required: true, autoComplete: "given-name" },
  { name: "last_name_kana", label: "profile.lastNameKana", required: false, autoComplete: "off" },
  { name: "first_name_kana", label: "profile.firstNameKana", required: false, autoComplete: "off" },
  { name: "phone_number1", label: "profile.phone1", required: false, autoComplete: "tel", phone: true },
  { name: "phone_number2", label: "profile.phone2", required: false, autoComplete: "tel", phone: true },
] as const;

/** The form edits all of the person's information but the account's own fields (id, e-mail, name, language). */
function toForm({ uid, email, name, language, ...body }: UserInfo): UserInfoBody {
  return body;
}

/** Personal information (spec §3, §5): display name, first and last name required, phones digits only. */
export function PersonalInfoCard({ titleId }: { titleId: string }) {
  const { t } = useTranslation();
  const info = useUserInfo();
  return (
    <SectionCard title={t("profile.personalInfo")} titleId={titleId}>
      {info.isPending && (
        <Box aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} sx={{ my: 2 }} />
          ))}
        </Box>
      )}
      {info.isError && <ErrorState error={info.error} onRetry={() => info.refetch()} />}
      {info.isSuccess && <PersonalInfoForm info={info.data} />}
    </SectionCard>
  );
}

function PersonalInfoForm({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const save = useSaveUserInfo();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<UserInfoBody>({ resolver: zodResolver(userInfoBodySchema), defaultValues: toForm(info) });

  const onSubmit = async (body: UserInfoBody) => {
    try {
      const saved = await save.mutateAsync(body);
      reset(toForm(saved));
      notify(msg("request-successful"), "success");
    } catch (err) {
      notify(errorMessage(err, language), "error");
    }
  };

  const helper = (name: keyof UserInfoBody, hint?: string) => {
    const code = errors[name]?.message;
    return code ? msg(code) : hint;
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <RequiredNote />
      <Grid container columnSpacing={2}>
        {FIELDS.map((f) => (
          <Grid key={f.name} size={{ xs: 12, sm: f.name === "display_name" ? 12 : 6 }}>
            <TextField
              {...textField(register(f.name))}
              label={t(f.label)}
              required={f.required}
              autoComplete={f.autoComplete}
              error={!!errors[f.name]}
              helperText={helper(f.name, "phone" in f ? t("profile.phoneHint") : undefined)}
              slotProps={"phone" in f ? { htmlInput: { inputMode: "numeric", maxLength: 20 } } : undefined}
              type={"phone" in f ? "tel" : "text"}
            />
          </Grid>
        ))}
        <Grid size={12}>
          <TextField
            {...textField(register("address"))}
            label={t("profile.address")}
            autoComplete="street-address"
            multiline
            minRows={2}
            error={!!errors.address}
            helperText={helper("address")}
          />
        </Grid>
        <Grid size={12}>
          <TextField label={t("profile.email")} value={info.email} disabled type="email" />
        </Grid>
      </Grid>
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t("profile.save")}
        </Button>
      </Box>
    </Box>
  );
}
