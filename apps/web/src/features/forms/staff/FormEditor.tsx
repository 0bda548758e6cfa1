import type { Form, UpdateFormBody } from "@mimamori/shared";
import ArrowBack from "@mui/icons-material/ArrowBack";
import SaveOutlined from "@mui/icons-material/SaveOutlined";
import SendOutlined from "@mui/icons-material/SendOutlined";
import VisibilityOutlined from "@mui/icons-material/VisibilityOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { type FormEvent, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../api/client";
import { errorCode, errorMessage } from "../../../api/errors";
import { useCreateForm, useForm, useSendForm, useStoreForm, useUpdateForm } from "../../../api/forms";
import { FailureAlert } from "../../../components/FailureAlert";
import { useNotify } from "../../../components/Notifier";
import { usePageTitle } from "../../../components/usePageTitle";
import { useLanguage, useMessage } from "../../../i18n/useLanguage";
import { AnswersTab } from "./answers/AnswersTab";
import { type Draft, draftFromForm, newDraft } from "./draft";
import { createBody, formDiff, isEmptyDiff, recipientListDiff } from "./formDiff";
import { PreviewDialog } from "./PreviewDialog";
import { formsPaths } from "./paths";
import { QuestionsTab } from "./QuestionsTab";
import { SendDialog } from "./SendDialog";
import { SettingsTab } from "./SettingsTab";
import { useLeaveGuard } from "./useLeaveGuard";
import { hasIssues, validateDraft } from "./validation";

const TABS = ["questions", "answers", "settings"] as const;
type TabName = (typeof TABS)[number];
const NO_RECIPIENTS: readonly string[] = [];

/**
 * The form editor of /staff/form/create (`initial` null) and /staff/form/{id}/history: Save, Preview and Send at
 * the top, tabs Questions, Answers and Settings (FORM-15, FORM-16, FORM-28). Changes stay in a draft until Save,
 * which sends them all in one request (FORM-29) and makes the saved form the new baseline.
 */
export function FormEditor({ workspace, initial }: { workspace: string; initial: Form | null }) {
  const { t } = useTranslation();
  const msg = useMessage();
  const language = useLanguage();
  const notify = useNotify();
  const navigate = useNavigate();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [baseline, setBaseline] = useState<Form | null>(initial);
  const [draft, setDraft] = useState<Draft>(() => (initial ? draftFromForm(initial) : newDraft()));
  const [touched, setTouched] = useState(false);
  const [params] = useSearchParams();
  // the staff answer page links back with ?tab=answers
  const [tab, setTab] = useState<TabName>(() =>
    initial && params.get("tab") === "answers" ? "answers" : "questions",
  );
  const [answersSeen, setAnswersSeen] = useState(false);
  const [showIssues, setShowIssues] = useState(false);
  const [busy, setBusy] = useState(false);
  const [createFailure, setCreateFailure] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const [previewing, setPreviewing] = useState(false);

  const live = useForm(workspace, baseline?.id ?? null);
  const liveForm = live.data ?? baseline;
  const create = useCreateForm(workspace);
  const update = useUpdateForm(workspace);
  const sendForm = useSendForm(workspace);
  const store = useStoreForm(workspace);

  const issues = useMemo(() => (showIssues ? validateDraft(draft) : {}), [showIssues, draft]);
  const diff = useMemo(() => (baseline ? formDiff(baseline, draft) : null), [baseline, draft]);
  const dirty = baseline ? !isEmptyDiff(diff ?? {}) : touched;
  const leave = useLeaveGuard(dirty);
  const title = baseline ? draft.name || baseline.name : t("forms-staff.editor.titleNew");
  usePageTitle(title);

  const change = (fn: (d: Draft) => Draft) => {
    setDraft(fn);
    setTouched(true);
    setCreateFailure(null);
  };

  /** The server's rules inline, then the browser's validity check of the form element (FORM-24). */
  const check = (): boolean => {
    setShowIssues(true);
    const found = validateDraft(draft);
    if (hasIssues(found)) {
      setTab("questions");
      // once the questions tab shows the problems: the browser's message, else focus the first marked field
      requestAnimationFrame(() => {
        if (formRef.current?.reportValidity() !== false) {
          formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        }
      });
      return false;
    }
    return formRef.current?.reportValidity() ?? true;
  };

  const failedSaving = (err: unknown) => {
    const code = errorCode(err);
    return code === "unknown-error" ? msg("failed-saving") : `${msg("failed-saving")} ${msg(code)}`;
  };

  /** Saves the draft's changes (plus `extra`) in one PUT and makes the answer the new baseline. */
  const saveChanges = async (form: Form, extra: UpdateFormBody = {}): Promise<void> => {
    const body = { ...formDiff(form, draft), ...extra };
    if (isEmptyDiff(body)) return;
    const saved = await update.mutateAsync({ id: form.id, body });
    store(saved);
    setBaseline(saved);
    setDraft(draftFromForm(saved));
    setShowIssues(false);
  };

  /** To the saved form's page, past the leave guard (the changes are saved). */
  const openSaved = (form: Form) => {
    leave.allowNext();
    navigate(formsPaths.form(workspace, form.id), { replace: true });
  };

  const save = async () => {
    if (busy || !check()) return;
    setBusy(true);
    try {
      if (!baseline) {
        try {
          const form = await create.mutateAsync(createBody(draft));
          notify(msg("saved"), "success");
          openSaved(form);
        } catch (err) {
          // spec §8: a failed create stops loading without a message; a refused form (4xx) says why, inline
          if (err instanceof ApiError && err.status >= 400 && err.status < 500) setCreateFailure(err);
        }
        return;
      }
      try {
        await saveChanges(baseline);
        notify(msg("saved"), "success");
      } catch (err) {
        notify(failedSaving(err), "error");
      }
    } finally {
      setBusy(false);
    }
  };

  const openSend = () => {
    if (busy || !check()) return;
    setSending(true);
  };

  /**
   * A new form is created with its recipients (one POST); an existing one is saved first (its changes and the
   * recipient list, which becomes the members chosen now), then sent (spec §8: a failed send closes the dialog
   * and goes to /staff/form; a send refused by the once-a-day rule is shown in the dialog instead).
   */
  const send = async (users: string[]) => {
    if (!baseline) {
      const form = await create.mutateAsync(createBody(draft, users));
      setSending(false);
      notify(t("forms-staff.send.sent", { count: users.length }), "success");
      openSaved(form);
      return;
    }
    try {
      await saveChanges(baseline, recipientListDiff(baseline.sent_users, users));
    } catch (err) {
      setSending(false);
      notify(failedSaving(err), "error");
      return;
    }
    try {
      const result = await sendForm.mutateAsync({ id: baseline.id, users });
      setSending(false);
      notify(t("forms-staff.send.sent", { count: result.recipients }), "success");
    } catch (err) {
      // a send refused for its recipients (the form went to one of them in the last 24 hours) stays open and
      // says so in the dialog, where they can be removed (docs/decisions.md, "Sender limits")
      if (errorCode(err) === "form-sent-today") throw err;
      setSending(false);
      notify(errorMessage(err, language), "error");
      leave.allowNext();
      navigate(formsPaths.list(workspace));
    }
  };

  const selectTab = (next: TabName) => {
    setTab(next);
    if (next === "answers") setAnswersSeen(true);
  };

  const panel = (name: TabName) => ({
    role: "tabpanel",
    id: `${id}-panel-${name}`,
    "aria-labelledby": `${id}-tab-${name}`,
    hidden: tab !== name,
  });

  const visibleIssues = showIssues && hasIssues(issues);

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void save();
      }}
      aria-labelledby={`${id}-title`}
    >
      <Stack spacing={2}>
        <Button
          href={formsPaths.list(workspace)}
          startIcon={<ArrowBack />}
          sx={{ alignSelf: "flex-start" }}
          size="small"
        >
          {t("forms-staff.editor.back")}
        </Button>
        <Stack
          direction={{ xs: "column", md: "row" }}
          spacing={2}
          sx={{ alignItems: { xs: "stretch", md: "center" }, justifyContent: "space-between" }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h1" id={`${id}-title`} sx={{ overflowWrap: "anywhere" }}>
              {title}
            </Typography>
            {dirty && (
              <Typography variant="body2" color="warning.main" aria-live="polite">
                {t("forms-staff.editor.unsaved")}
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", flexShrink: 0 }}>
            <Button variant="outlined" startIcon={<VisibilityOutlined />} onClick={() => setPreviewing(true)}>
              {t("forms-staff.editor.preview")}
            </Button>
            <Button
              type="submit"
              variant="contained"
              startIcon={<SaveOutlined />}
              loading={busy && !sending}
              disabled={!!baseline && !dirty}
            >
              {t("ui.actions.save")}
            </Button>
            <Button
              variant="contained"
              color="secondary"
              startIcon={<SendOutlined />}
              onClick={openSend}
              disabled={busy}
            >
              {t("forms-staff.editor.send")}
            </Button>
          </Stack>
        </Stack>
        {visibleIssues && (
          <Alert severity="error" role="alert">
            {t("forms-staff.editor.fixProblems")}
          </Alert>
        )}
        <FailureAlert failure={createFailure} />
        <Tabs
          value={tab}
          onChange={(_, next: TabName) => selectTab(next)}
          aria-label={t("forms-staff.editor.tabs")}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: "divider" }}
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`forms-staff.editor.tab.${name}`)}
              id={`${id}-tab-${name}`}
              aria-controls={`${id}-panel-${name}`}
            />
          ))}
        </Tabs>
        {/* a disabled fieldset keeps the draft still while a save is on its way */}
        <Box component="fieldset" disabled={busy} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <div {...panel("questions")}>
            <QuestionsTab
              workspace={workspace}
              draft={draft}
              baseline={baseline}
              issues={issues}
              onChange={change}
            />
          </div>
          <div {...panel("answers")}>
            {!liveForm ? (
              <Typography sx={{ py: 2 }}>{t("forms-staff.editor.noResponse")}</Typography>
            ) : (
              (answersSeen || tab === "answers") && <AnswersTab workspace={workspace} form={liveForm} />
            )}
          </div>
          <div {...panel("settings")}>
            <SettingsTab workspace={workspace} draft={draft} form={liveForm} onChange={change} />
          </div>
        </Box>
      </Stack>
      <SendDialog
        open={sending}
        workspace={workspace}
        formName={draft.name}
        initial={baseline?.sent_users ?? NO_RECIPIENTS}
        onClose={() => setSending(false)}
        onSend={send}
      />
      <PreviewDialog open={previewing} draft={draft} onClose={() => setPreviewing(false)} />
      {leave.dialog}
    </Box>
  );
}
