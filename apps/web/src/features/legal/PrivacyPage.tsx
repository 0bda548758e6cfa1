import { privacy } from "./content/privacy";
import { DocumentPage } from "./DocumentPage";

export function PrivacyPage() {
  return <DocumentPage doc={privacy} />;
}
