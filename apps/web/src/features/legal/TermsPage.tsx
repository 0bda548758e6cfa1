import { terms } from "./content/terms";
import { DocumentPage } from "./DocumentPage";

export function TermsPage() {
  return <DocumentPage doc={terms} />;
}
