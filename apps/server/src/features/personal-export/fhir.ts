import { DIASTOLIC, MEASURES, type Measure, measureByNumber, SLEEP, SYSTOLIC } from "@mimamori/shared";

/*
 * The vital data as an HL7 FHIR R4 `Bundle` (type `collection`; issue 29 §3, docs/decisions.md "Export my data"):
 * the person as a `Patient`, their band as a `Device`, and one `Observation` per stored sample (per systolic and
 * diastolic pair for blood pressure) and per sleep session. Observations follow the R4 vital-signs profiles where
 * one exists; the other measures are coded in the product's own code system, MEASURE_SYSTEM. The bundle is written
 * as text piece by piece (a year of minutes is millions of resources): these functions give the pieces.
 */

/** The product's code system for its measures: code = the report id ("00005098"), display = the English name. */
export const MEASURE_SYSTEM = "https://mimamori.example/fhir/CodeSystem/measure";
/** The person's account id (`uid`) as a Patient identifier. */
export const ACCOUNT_SYSTEM = "https://mimamori.example/fhir/NamingSystem/account";
export const LOINC = "http://loinc.org";
export const UCUM = "http://unitsofmeasure.org";
const CATEGORY = "http://terminology.hl7.org/CodeSystem/observation-category";
export const VITAL_SIGNS_PROFILE = "http://hl7.org/fhir/StructureDefinition/vitalsigns";

interface Coding {
  system: string;
  code: string;
  display: string;
}
interface FhirMeasure {
  profile: string | null;
  category: "vital-signs" | "activity" | "survey";
  codings: Coding[];
  unit: { unit: string; code: string };
}

const loinc = (code: string, display: string): Coding => ({ system: LOINC, code, display });
const ucum = (code: string, unit = code) => ({ unit, code });
const profile = (name: string) => `http://hl7.org/fhir/StructureDefinition/${name}`;
const own = (m: Measure): Coding => ({ system: MEASURE_SYSTEM, code: m.id, display: m.name.en });

/**
 * LOINC and UCUM of the measures that have them (by report id). Skin temperature is a body temperature measured
 * at the wrist: 8310-5 (what the body-temperature profile requires) with the more precise 39106-0 beside it.
 * Steps have no vital-signs profile (an activity observation). Systolic and diastolic go into one panel
 * (BP_PANEL); sleep is written per session (sleepObservation).
 */
const STANDARD: Record<string, Omit<FhirMeasure, "codings"> & { codings: Coding[] }> = {
  "00005091": {
    profile: profile("heartrate"),
    category: "vital-signs",
    codings: [loinc("8867-4", "Heart rate")],
    unit: ucum("/min", "beats/minute"),
  },
  "00005092": {
    profile: profile("bodytemp"),
    category: "vital-signs",
    codings: [loinc("8310-5", "Body temperature"), loinc("39106-0", "Temperature of Skin")],
    unit: ucum("Cel", "C"),
  },
  "00005093": {
    profile: profile("oxygensat"),
    category: "vital-signs",
    codings: [
      loinc("2708-6", "Oxygen saturation in Arterial blood"),
      loinc("59408-5", "Oxygen saturation in Arterial blood by Pulse oximetry"),
    ],
    unit: ucum("%"),
  },
  "00005094": {
    profile: profile("resprate"),
    category: "vital-signs",
    codings: [loinc("9279-1", "Respiratory rate")],
    unit: ucum("/min", "breaths/minute"),
  },
  "00005097": {
    profile: null,
    category: "activity",
    codings: [loinc("55423-8", "Number of steps in unspecified time Pedometer")],
    unit: ucum("{steps}", "steps"),
  },
};

/** UCUM of the product's other measures (scores are unitless annotations). */
const OWN_UNITS: Record<string, { unit: string; code: string }> = {
  "00005098": ucum("{score}", "score"),
  "00005099": ucum("ms"),
  "00005102": ucum("{score}", "score"),
  "00005103": ucum("{score}", "score"),
};

/** How a measure is written in FHIR; null for the measures written otherwise (blood pressure, sleep). */
export function fhirMeasure(m: Measure): FhirMeasure | null {
  if (m.id === SYSTOLIC || m.id === DIASTOLIC || m.id === SLEEP) return null;
  const standard = STANDARD[m.id];
  if (standard) return { ...standard, codings: [...standard.codings, own(m)] };
  return {
    profile: null,
    category: "survey",
    codings: [own(m)],
    unit: OWN_UNITS[m.id] ?? ucum("1", m.unit.en),
  };
}

/** The sampled measures written one Observation per sample (all but blood pressure and sleep). */
export const SINGLE_MEASURES = MEASURES.filter((m) => fhirMeasure(m) !== null);

export const BP_PANEL = {
  profile: profile("bp"),
  panel: loinc("85354-9", "Blood pressure panel with all children optional"),
  systolic: loinc("8480-6", "Systolic blood pressure"),
  diastolic: loinc("8462-4", "Diastolic blood pressure"),
  unit: ucum("mm[Hg]", "mmHg"),
};

const categoryOf = (code: FhirMeasure["category"]) => [
  {
    coding: [
      {
        system: CATEGORY,
        code,
        display: { "vital-signs": "Vital Signs", activity: "Activity", survey: "Survey" }[code],
      },
    ],
    text: { "vital-signs": "Vital Signs", activity: "Activity", survey: "Survey" }[code],
  },
];

/** References of every Observation: the person and the band. */
export interface Refs {
  patient: string;
  device: string;
}

const quantity = (value: number, unit: { unit: string; code: string }) => ({
  value,
  unit: unit.unit,
  system: UCUM,
  code: unit.code,
});

/**
 * A writer of one measure's samples: `(at ISO, value) → one bundle entry's JSON`. The parts that never change are
 * serialised once; each sample adds its time and value.
 */
export function sampleEntryWriter(m: Measure, refs: Refs): (at: string, value: number) => string {
  const f = fhirMeasure(m);
  if (!f) throw new Error(`measure ${m.id} is not written per sample`);
  const head = JSON.stringify({
    resourceType: "Observation",
    ...(f.profile ? { meta: { profile: [f.profile] } } : {}),
    status: "final",
    category: categoryOf(f.category),
    code: { coding: f.codings, text: m.name.en },
    subject: { reference: refs.patient },
  }).slice(0, -1);
  const unit = JSON.stringify({ unit: f.unit.unit, system: UCUM, code: f.unit.code }).slice(1);
  const device = JSON.stringify({ reference: refs.device });
  return (at, value) =>
    `{"resource":${head},"effectiveDateTime":"${at}","valueQuantity":{"value":${JSON.stringify(value)},${unit},"device":${device}}}`;
}

/** One blood-pressure panel: a component per value present, the other with a data-absent reason. */
export function bpEntry(at: string, systolic: number | null, diastolic: number | null, refs: Refs): string {
  const component = (code: Coding, value: number | null) => ({
    code: { coding: [code], text: code.display },
    ...(value === null
      ? {
          dataAbsentReason: {
            coding: [{ system: "http://terminology.hl7.org/CodeSystem/data-absent-reason", code: "unknown" }],
          },
        }
      : { valueQuantity: quantity(value, BP_PANEL.unit) }),
  });
  return JSON.stringify({
    resource: {
      resourceType: "Observation",
      meta: { profile: [BP_PANEL.profile] },
      status: "final",
      category: categoryOf("vital-signs"),
      code: {
        coding: [BP_PANEL.panel, own(measureByNumber(5095) as Measure)],
        text: "Blood pressure",
      },
      subject: { reference: refs.patient },
      effectiveDateTime: at,
      device: { reference: refs.device },
      component: [component(BP_PANEL.systolic, systolic), component(BP_PANEL.diastolic, diastolic)],
    },
  });
}

export interface SleepSessionRow {
  start: string;
  end: string;
  deep: number;
  light: number;
  rem: number;
  awake: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** One sleep session: hours asleep (deep + light + REM) over its period, with the hours of each stage. */
export function sleepEntry(s: SleepSessionRow, refs: Refs): string {
  const m = measureByNumber(5100) as Measure;
  const hours = ucum("h", "hours");
  const stage = (key: string, display: string, value: number) => ({
    code: { coding: [{ system: MEASURE_SYSTEM, code: `${m.id}-${key}`, display }], text: display },
    valueQuantity: quantity(round2(value), hours),
  });
  return JSON.stringify({
    resource: {
      resourceType: "Observation",
      status: "final",
      category: categoryOf("activity"),
      code: { coding: [own(m)], text: m.name.en },
      subject: { reference: refs.patient },
      effectivePeriod: { start: s.start, end: s.end },
      valueQuantity: quantity(round2(s.deep + s.light + s.rem), hours),
      device: { reference: refs.device },
      component: [
        stage("deep", "Deep sleep", s.deep),
        stage("light", "Light sleep", s.light),
        stage("rem", "REM sleep", s.rem),
        stage("awake", "Awake", s.awake),
      ],
    },
  });
}

export interface PatientFields {
  uid: string;
  name: string;
  email: string;
  language: "jp" | "en";
  firstName: string;
  lastName: string;
  phoneNumber1: string;
  phoneNumber2: string;
  address: string;
}

/** The person as a Patient: only the fields they filled in (FHIR strings are never empty). */
export function patientEntry(p: PatientFields, refs: Refs): string {
  const phones = [p.phoneNumber1, p.phoneNumber2].filter((x) => x.trim());
  const given = p.firstName.trim();
  const family = p.lastName.trim();
  return JSON.stringify({
    fullUrl: refs.patient,
    resource: {
      resourceType: "Patient",
      identifier: [{ system: ACCOUNT_SYSTEM, value: p.uid }],
      active: true,
      name: [
        {
          use: "official",
          text: p.name.trim() || `${family} ${given}`.trim() || p.email,
          ...(family ? { family } : {}),
          ...(given ? { given: [given] } : {}),
        },
      ],
      telecom: [
        { system: "email", value: p.email },
        ...phones.map((value) => ({ system: "phone", value: value.trim() })),
      ],
      ...(p.address.trim() ? { address: [{ text: p.address.trim() }] } : {}),
      communication: [
        {
          language: {
            coding: [{ system: "urn:ietf:bcp:47", code: p.language === "jp" ? "ja" : "en" }],
          },
          preferred: true,
        },
      ],
    },
  });
}

/** The band that measured the samples. */
export function deviceEntry(refs: Refs): string {
  return JSON.stringify({
    fullUrl: refs.device,
    resource: {
      resourceType: "Device",
      status: "active",
      deviceName: [{ name: "Mimamori band", type: "user-friendly-name" }],
      type: { text: "Wearable vital-signs band" },
      patient: { reference: refs.patient },
    },
  });
}

/** The bundle's opening: everything before the first entry. */
export const bundleHead = (id: string, timestamp: string) =>
  `{"resourceType":"Bundle","id":"${id}","type":"collection","timestamp":"${timestamp}","entry":[`;
export const BUNDLE_TAIL = "]}";
