import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";

/**
 * A card that is a section of its page, named by its heading (`titleId`, when the page refers to it too), and
 * under the heading what the section is for (`intro`), if said.
 */
export function SectionCard({
  title,
  titleId,
  intro,
  children,
}: {
  title: ReactNode;
  titleId?: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const ownId = useId();
  const id = titleId ?? ownId;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h2" id={id} gutterBottom>
          {title}
        </Typography>
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
