import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";

/**
 * A card that is a section of its page, named by its heading (`titleId`, when the page refers to it too), with
 * what the section offers to do (`action`, e.g. an "Add" button) at the heading's end, wrapping under it on a
 * narrow screen, and under the heading what the section is for (`intro`), if said.
 */
export function SectionCard({
  title,
  titleId,
  action,
  intro,
  children,
}: {
  title: ReactNode;
  titleId?: string;
  action?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const ownId = useId();
  const id = titleId ?? ownId;
  const heading = (
    <Typography variant="h2" id={id} gutterBottom={!action}>
      {title}
    </Typography>
  );
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        {action ? (
          <Stack
            direction="row"
            useFlexGap
            sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 1, mb: 1 }}
          >
            {heading}
            {action}
          </Stack>
        ) : (
          heading
        )}
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {intro}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
