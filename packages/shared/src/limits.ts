/**
 * The limits of forms and data items, apart from their zod schemas: the message catalogue names them, and the
 * web's first page loads the catalogue without zod.
 */

/** Limits of one form (docs/decisions.md): bounded so a save, a send and an answer stay small. */
export const FORM_LIMITS = {
  nameMax: 150,
  descriptionMax: 2000,
  questionTextMax: 500,
  optionTextMax: 200,
  questionsMax: 100,
  optionsMax: 30,
  answerTextMax: 2000,
  /** Recipients of one send (an entity's members fit; a request cannot name more). */
  recipientsMax: 10_000,
  /** The recipient picker shows at most this many tags, the rest as "+N" (spec §9). */
  pickerTagsMax: 20,
  reminderHoursMax: 168,
  /** Recurring sends one form may have (issue 29 §5; 409 `too-many-schedules` above it). */
  schedulesPerFormMax: 10,
  /** Forms one call of the staff forms list answers by default and at most (`?offset&limit`). */
  listPageMax: 100,
  /** Cards per page the staff forms page offers (one, two or three columns fill evenly). */
  listPageSizes: [12, 24, 48],
  /** Free-text answers the per-question summary lists (the newest; the CSV holds them all). */
  summaryTextsMax: 200,
  /** Distinct days a date question's summary lists one by one; more are counted per month. */
  summaryDaysMax: 31,
} as const;

/** Limits of personal data items (issue 12). */
export const DATA_LIMITS = {
  /** Largest accepted upload (413 above it). */
  imageBytesMax: 10 * 1024 * 1024,
  /** Larger images are refused before decoding (a decompression bomb cannot get through). */
  imagePixelsMax: 40_000_000,
  /** Longest side of a stored photo after re-encoding, and of its thumbnail. */
  imageSideMax: 2048,
  thumbnailSide: 256,
  /** Images one item may hold. */
  imagesPerItemMax: 20,
  /** Answers one item keeps (the newest; older ones are refused, not dropped: delete first). */
  answersPerItemMax: 100,
  answerTextMax: FORM_LIMITS.answerTextMax,
  keyMax: 50,
  nameMax: 150,
  descriptionMax: 2000,
  /** View-history rows returned at once (newest first). */
  viewsMax: 200,
} as const;

/** Live event streams (issue 28 §2, schemas/events.ts). */
export const EVENT_LIMITS = {
  /** Open streams of one person per server process (a tab holds one); more are 429 `too-many-streams`. */
  streamsPerUser: 10,
  /** Open streams per server process; more are 503 `streams-unavailable` (the page falls back to polling). */
  streamsPerProcess: 5000,
  /** At most one event per stream in this time: a busy entity's changes are merged. */
  coalesceMs: 1000,
  /**
   * An entity's event reaches its streams spread over this time (each stream at its own fixed offset), so that its
   * staff's pages do not all ask for the board in the same instant (bench/README.md, "A fleet as it uploads").
   */
  spreadMs: 500,
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: 20_000,
  /** The `retry:` hint (ms) for a reader that reconnects by itself. */
  retryMs: 5000,
} as const;
