import { writeFileSync } from "node:fs";
import path from "node:path";
import { API_TYPES_FILE, apiTypesOf, buildOpenApiDocument } from "../lib/openapi/api-types";

/** `npm run api:types`: writes the web's API types from the routes' OpenAPI document (lib/openapi/api-types.ts). */
const root = path.resolve(import.meta.dirname, "../../../..");
const file = path.join(root, API_TYPES_FILE);
writeFileSync(file, await apiTypesOf(await buildOpenApiDocument()));
console.log(`wrote ${API_TYPES_FILE}`);
