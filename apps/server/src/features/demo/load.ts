/**
 * The demo seed and the band simulator, loaded only when a start, a tool or a bench writes demo data: a server that
 * seeds nothing never evaluates them (docs/decisions.md, "One map").
 */
export const loadDemoSeed = () => import("./seed");
export const loadBandSimulator = () => import("./simulator");

export interface SeedOptions {
  /** Days of simulated band data per demo client, ending now (0: none). Default 30. */
  vitalDays?: number;
  /** The demo questionnaires (features/demo/seed-forms.ts). Default true; API tests leave them out. */
  forms?: boolean;
  /** A few past alerts, their mails and red samples (features/demo/seed-alerts.ts). Default true; API tests leave them out. */
  alerts?: boolean;
  /** The demo client's personal data items (features/demo/seed-data-items.ts). Default true; API tests leave them out. */
  dataItems?: boolean;
  /**
   * The demo entities' other members with a week of band data, their alerts, answers and items
   * (features/demo/seed-watch.ts). Default true; API tests and journeys opt in (`demoMembers`), as it costs seconds.
   */
  members?: boolean;
}
