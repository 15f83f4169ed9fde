// Validates Kubernetes manifests offline, as the API server of one supported
// Kubernetes version would read them: against the OpenAPI definitions that
// Kubernetes publishes in its own Go module (api/openapi-spec/swagger.json of
// k8s.io/kubernetes), and the Prometheus Operator's CRDs from its Go module.
// Both come through the Go module proxy and cache, like Kratos and Hydra.
//
// Strict, as `kubectl apply` (field validation "Strict") is: a field that the
// schema does not name is an error, not silently dropped.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { parse } from "yaml";

/** The Kubernetes release whose schemas the chart is checked against. */
export const kubernetesVersion = "1.35.4";
/** The Prometheus Operator release whose ServiceMonitor CRD is checked against. */
export const prometheusOperatorVersion = "0.85.0";

type Schema = Record<string, unknown>;

/** A module's folder in the Go module cache, downloaded first if missing. */
async function goModuleDir(path: string, version: string): Promise<string> {
  // Outside any module, so that only this one is fetched, never its dependencies.
  const { stdout } = await promisify(execFile)("go", ["mod", "download", "-json", `${path}@v${version}`], {
    cwd: tmpdir(),
    maxBuffer: 1024 * 1024,
  });
  const { Dir, Error: failure } = JSON.parse(stdout) as { Dir?: string; Error?: string };
  if (!Dir) throw new Error(`go mod download ${path}@v${version}: ${failure ?? "no folder"}`);
  return Dir;
}

/** Every object schema that names its properties refuses the others, unless it says it keeps them. */
function strict(schema: unknown): void {
  if (Array.isArray(schema)) {
    schema.forEach(strict);
    return;
  }
  if (typeof schema !== "object" || schema === null) return;
  const node = schema as Schema;
  for (const value of Object.values(node)) strict(value);
  if (node.properties !== undefined && node.additionalProperties === undefined && node["x-kubernetes-preserve-unknown-fields"] !== true) {
    node.additionalProperties = false;
  }
}

/** Kubernetes' own types that the OpenAPI document spells as a string, but that YAML may give as a number. */
const numberOrString = { anyOf: [{ type: "string" }, { type: "number" }] };
const looseTypes: Record<string, Schema> = {
  "io.k8s.apimachinery.pkg.util.intstr.IntOrString": { anyOf: [{ type: "string" }, { type: "integer" }] },
  "io.k8s.apimachinery.pkg.api.resource.Quantity": numberOrString,
};

interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

const apiVersionOf = ({ group, version }: { group: string; version: string }) => (group === "" ? version : `${group}/${version}`);

export interface Manifest {
  apiVersion?: unknown;
  kind?: unknown;
  metadata?: { name?: unknown };
}

export interface KubernetesValidator {
  /** The problems of one manifest, in words; empty when the API server would take it. */
  problems(manifest: Manifest): string[];
}

/** The manifest as the API server decodes it: a null field is an unset one (Helm charts often render `annotations:` empty). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([key, field]) => [key, withoutNulls(field)]),
  );
}

function words(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map(
    (error) =>
      `${error.instancePath || "/"} ${error.message ?? error.keyword}${error.keyword === "additionalProperties" ? `: ${String(error.params.additionalProperty)}` : ""}`,
  );
}

export async function kubernetesValidator(): Promise<KubernetesValidator> {
  const kubernetes = await goModuleDir("k8s.io/kubernetes", kubernetesVersion);
  const swagger = JSON.parse(readFileSync(join(kubernetes, "api", "openapi-spec", "swagger.json"), "utf8")) as {
    definitions: Record<string, Schema>;
  };
  const definitions = { ...swagger.definitions, ...looseTypes };
  strict(definitions);
  // Formats (int32, date-time, …) are the server's to parse; swagger's extensions are not keywords.
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ $id: "kubernetes", definitions });

  const validators = new Map<string, ValidateFunction>();
  for (const [name, definition] of Object.entries(swagger.definitions)) {
    const kinds = definition["x-kubernetes-group-version-kind"] as GroupVersionKind[] | undefined;
    for (const gvk of kinds ?? []) {
      validators.set(`${apiVersionOf(gvk)}/${gvk.kind}`, ajv.compile({ $ref: `kubernetes#/definitions/${name}` }));
    }
  }

  // Custom resources: the CRD's own schema for the body, Kubernetes' ObjectMeta for the metadata.
  const operator = await goModuleDir("github.com/prometheus-operator/prometheus-operator", prometheusOperatorVersion);
  const objectMeta = { $ref: "kubernetes#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta" };
  for (const file of ["monitoring.coreos.com_servicemonitors.yaml"]) {
    const crd = parse(readFileSync(join(operator, "example", "prometheus-operator-crd", file), "utf8")) as {
      spec: { group: string; names: { kind: string }; versions: { name: string; schema: { openAPIV3Schema: Schema } }[] };
    };
    for (const version of crd.spec.versions) {
      const schema = structuredClone(version.schema.openAPIV3Schema);
      strict(schema);
      (schema.properties as Schema).metadata = objectMeta;
      validators.set(`${apiVersionOf({ group: crd.spec.group, version: version.name })}/${crd.spec.names.kind}`, ajv.compile(schema));
    }
  }

  return {
    problems(manifest) {
      const validate = validators.get(`${String(manifest.apiVersion)}/${String(manifest.kind)}`);
      if (!validate) return [`no schema for ${String(manifest.apiVersion)} ${String(manifest.kind)} in Kubernetes ${kubernetesVersion}`];
      return validate(withoutNulls(manifest)) ? [] : words(validate.errors);
    },
  };
}
