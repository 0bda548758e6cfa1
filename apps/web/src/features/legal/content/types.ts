export type { LegalDocument, LegalSection } from "../../../components/LegalDocumentView";
