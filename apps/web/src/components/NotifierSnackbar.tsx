import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import { useTranslation } from "react-i18next";
import { NOTIFIER_AUTO_HIDE_MS, type Note } from "./Notifier";

/** The snackbar of NotifierProvider, loaded with the first message. */
export default function NotifierSnackbar({
  note,
  open,
  onClose,
}: {
  note: Note;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Snackbar
      key={note.key}
      open={open}
      autoHideDuration={NOTIFIER_AUTO_HIDE_MS}
      onClose={(_, reason) => {
        if (reason !== "clickaway") onClose();
      }}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
    >
      <Alert
        severity={note.severity}
        variant="filled"
        onClose={onClose}
        closeText={t("common.close")}
        sx={{ width: "100%" }}
      >
        {note.text}
      </Alert>
    </Snackbar>
  );
}
