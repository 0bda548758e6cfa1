import { staffPath } from "../../../app/session/workspace";

/** The staff paths of the questionnaire screens, keeping the workspace in the URL. */
export const formsPaths = {
  list: (workspace: string | null) => staffPath("/staff/form", workspace),
  create: (workspace: string | null) => staffPath("/staff/form/create", workspace),
  /** A form's editor and answers (where a new form goes once saved). */
  form: (workspace: string | null, id: number) => staffPath(`/staff/form/${id}/history`, workspace),
  bank: (workspace: string | null) => staffPath("/staff/questions", workspace),
};
