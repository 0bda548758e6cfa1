import type { DataImage, ImageDownload } from "@mimamori/shared";
import CloseIcon from "@mui/icons-material/Close";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import PictureAsPdfOutlined from "@mui/icons-material/PictureAsPdfOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import { useTheme } from "@mui/material/styles";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errors";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useNotify } from "../../../components/Notifier";
import { saveFile } from "../../../components/saveFile";
import { useRowDialog } from "../../../components/useRowDialog";
import { useLanguage } from "../../../i18n/useLanguage";
import { formatInstant } from "../../forms/common/answerValues";
import { base64Blob, formatBytes } from "./dataItems";

interface Props {
  /** Names the list for assistive technology. */
  label: string;
  images: readonly DataImage[] | undefined;
  loading?: boolean;
  emptyText: string;
  /** Fetches one file (`GET …/images/{imageId}`); staff reads are recorded by the server. */
  load: (imageId: number) => Promise<ImageDownload>;
  /** Offered to the member only. */
  onDelete?: (image: DataImage) => Promise<unknown>;
  /** Distinguishes the cache of full images of different items and viewers. */
  cacheKey: readonly unknown[];
}

function Thumbnail({ image }: { image: DataImage }) {
  const { t } = useTranslation();
  if (image.content_type === "application/pdf" || !image.thumbnail) {
    return (
      <Box
        sx={{
          width: "100%",
          height: "100%",
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
          gap: 0.5,
          bgcolor: "action.hover",
          color: "error.main",
        }}
      >
        <PictureAsPdfOutlined sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="caption" color="text.secondary">
          {t("data-items-common.images.pdf")}
        </Typography>
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={`data:image/jpeg;base64,${image.thumbnail}`}
      alt=""
      sx={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
    />
  );
}

/**
 * The images and PDFs of an item (DATA-05, DATA-06, DATA-12): thumbnails in a grid, a full view of a photo, a
 * download of any file, and (for the member) delete after a confirmation. A PDF shows as a file tile and opens
 * as a download.
 */
export function ImageGallery({ label, images, loading, emptyText, load, onDelete, cacheKey }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const [viewing, setViewing] = useState<DataImage | null>(null);
  const deleting = useRowDialog<DataImage>();
  const [downloading, setDownloading] = useState<number | null>(null);

  const download = async (image: DataImage, loaded?: ImageDownload) => {
    setDownloading(image.id);
    try {
      const file = loaded ?? (await load(image.id));
      saveFile(base64Blob(file.base64_image, file.content_type), file.file_name || image.file_name);
    } catch (err) {
      notify(`${t("data-items-common.images.downloadFailed")} ${errorMessage(err, language)}`, "error");
    } finally {
      setDownloading(null);
    }
  };

  if (loading && !images) {
    return (
      <Box role="status" aria-busy="true" aria-label={t("common.loading")} sx={gridSx}>
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={220} />
        ))}
      </Box>
    );
  }
  if (!images || images.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;

  return (
    <>
      <Box component="ul" aria-label={label} sx={{ ...gridSx, listStyle: "none", p: 0, m: 0 }}>
        {images.map((image) => {
          const pdf = image.content_type === "application/pdf";
          return (
            <Box
              component="li"
              key={image.id}
              sx={{ border: 1, borderColor: "divider", borderRadius: 2, overflow: "hidden", minWidth: 0 }}
            >
              <ButtonBase
                onClick={() => (pdf ? download(image) : setViewing(image))}
                aria-label={t(
                  pdf ? "data-items-common.images.downloadOf" : "data-items-common.images.viewOf",
                  {
                    name: image.file_name,
                  },
                )}
                sx={{ display: "block", width: "100%", aspectRatio: "4 / 3", bgcolor: "grey.100" }}
              >
                <Thumbnail image={image} />
              </ButtonBase>
              <Box sx={{ p: 1.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                  {image.file_name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {t("data-items-common.images.addedOn", { date: formatInstant(image.created_at, language) })}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {formatBytes(image.size, language)}
                </Typography>
                {image.added_by === "staff" && (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t("data-items-common.images.addedByStaff")}
                    sx={{ mt: 0.5 }}
                  />
                )}
                <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 0.5, mt: 0.5 }}>
                  <Tooltip title={t("data-items-common.images.download")}>
                    <span>
                      <IconButton
                        aria-label={t("data-items-common.images.downloadOf", { name: image.file_name })}
                        onClick={() => download(image)}
                        disabled={downloading === image.id}
                      >
                        {downloading === image.id ? <CircularProgress size={20} /> : <DownloadOutlined />}
                      </IconButton>
                    </span>
                  </Tooltip>
                  {onDelete && (
                    <Tooltip title={t("data-items-common.images.delete")}>
                      <IconButton
                        color="error"
                        aria-label={t("data-items-common.images.deleteOf", { name: image.file_name })}
                        onClick={() => deleting.show(image)}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </Tooltip>
                  )}
                </Box>
              </Box>
            </Box>
          );
        })}
      </Box>
      <ImageViewDialog
        image={viewing}
        load={load}
        cacheKey={cacheKey}
        onDownload={download}
        onClose={() => setViewing(null)}
      />
      {onDelete && (
        <ConfirmDialog
          open={deleting.open}
          title={t("data-items-common.images.deleteTitle")}
          confirmLabel={t("data-items-common.images.deleteConfirm")}
          onConfirm={deleting.confirm(async (image) => {
            await onDelete(image);
            notify(t("data-items-common.images.deleted"), "success");
          })}
          onClose={deleting.close}
        >
          <Typography sx={{ overflowWrap: "anywhere" }}>
            {t("data-items-common.images.deleteBody", { name: deleting.row?.file_name ?? "" })}
          </Typography>
        </ConfirmDialog>
      )}
    </>
  );
}

const gridSx = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 200px), 1fr))",
} as const;

function ImageViewDialog({
  image,
  load,
  cacheKey,
  onDownload,
  onClose,
}: {
  image: DataImage | null;
  load: Props["load"];
  cacheKey: readonly unknown[];
  onDownload: (image: DataImage, loaded?: ImageDownload) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const titleId = useId();
  const file = useQuery({
    queryKey: [...cacheKey, "image", image?.id ?? 0],
    queryFn: () => load(image?.id ?? 0),
    enabled: image !== null,
    // a viewed file is a recorded read: it is not fetched again behind the viewer's back
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
  return (
    <Dialog
      open={image !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: "anywhere", pr: 7 }}>
        {image ? t("data-items-common.images.viewTitle", { name: image.file_name }) : ""}
      </DialogTitle>
      <IconButton
        aria-label={t("ui.actions.close")}
        onClick={onClose}
        sx={{ position: "absolute", right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ display: "flex", justifyContent: "center", alignItems: "center", minHeight: 240 }}>
        {file.isPending && <CircularProgress aria-label={t("data-items-common.images.loadingImage")} />}
        {file.isError && <Alert severity="error">{errorMessage(file.error, language)}</Alert>}
        {file.data && (
          <Box
            component="img"
            src={`data:${file.data.content_type};base64,${file.data.base64_image}`}
            alt={image?.file_name ?? ""}
            sx={{ maxWidth: "100%", maxHeight: { xs: "75vh", sm: "70vh" }, objectFit: "contain" }}
          />
        )}
      </DialogContent>
      <DialogActions>
        {image && (
          <Button startIcon={<DownloadOutlined />} onClick={() => onDownload(image, file.data)}>
            {t("data-items-common.images.download")}
          </Button>
        )}
        <Button variant="contained" onClick={onClose} autoFocus>
          {t("ui.actions.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
