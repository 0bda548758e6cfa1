import Breadcrumbs from "@mui/material/Breadcrumbs";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** A link of a page's breadcrumb trail. */
export interface Crumb {
  href: string;
  label: ReactNode;
}

/** A detail page's way back: its parents as links, then the page itself (`aria-current="page"`). */
export function PageBreadcrumbs({
  label,
  links,
  current,
}: {
  /** The trail's accessible name. */
  label: string;
  links: readonly Crumb[];
  current: ReactNode;
}) {
  return (
    <Breadcrumbs aria-label={label}>
      {links.map((l) => (
        <Link key={l.href} href={l.href}>
          {l.label}
        </Link>
      ))}
      <Typography color="text.primary" aria-current="page">
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
