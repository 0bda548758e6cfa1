export type { LegalDocument, LegalSection } from "../../../components/LegalDocumentView";

export type Lang = "jp" | "en";
