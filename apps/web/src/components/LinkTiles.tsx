import type { SvgIconComponent } from "@mui/icons-material";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Grid, { type GridSize } from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import type { Breakpoint } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** A list of `LinkTile`s in a grid. */
export function LinkTiles({ children }: { children: ReactNode }) {
  return (
    <Grid container spacing={2} component="ul" sx={{ p: 0, m: 0 }}>
      {children}
    </Grid>
  );
}

/** A card that links to a page: its icon and title, and under them what the page is for (`text`), if said. */
export function LinkTile({
  href,
  icon: Icon,
  title,
  text,
  size,
}: {
  href: string;
  icon: SvgIconComponent;
  title: ReactNode;
  text?: ReactNode;
  /** The tile's width in grid columns, from each breakpoint up. */
  size: Partial<Record<Breakpoint, GridSize>>;
}) {
  return (
    <Grid size={size} component="li" sx={{ listStyle: "none" }}>
      <Card sx={{ height: "100%" }}>
        <CardActionArea href={href} sx={{ height: "100%" }}>
          <CardContent>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: text ? 1 : 0 }}>
              <Icon sx={{ color: "primary.main" }} aria-hidden />
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {title}
              </Typography>
            </Stack>
            {text && (
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            )}
          </CardContent>
        </CardActionArea>
      </Card>
    </Grid>
  );
}
