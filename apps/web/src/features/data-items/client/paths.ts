export const CLIENT_DATA_PATH = "/client/data";

export const dataDetailPath = (id: number) => `${CLIENT_DATA_PATH}/${id}`;

/** The item id of a `/client/data/{id}` path parameter, or null when it is not one. */
export function dataIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
