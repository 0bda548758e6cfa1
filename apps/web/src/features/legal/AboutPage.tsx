import { about } from "./content/about";
import { DocumentPage } from "./DocumentPage";

export function AboutPage() {
  return <DocumentPage doc={about} />;
}
