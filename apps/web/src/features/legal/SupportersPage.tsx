import { supporters } from "./content/supporters";
import { DocumentPage } from "./DocumentPage";

export function SupportersPage() {
  return <DocumentPage doc={supporters} />;
}
