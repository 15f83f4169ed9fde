// A Kratos flow (or some of its groups) as one HTML form. The form keeps its
// real action and method, because Kratos' WebAuthn script submits it natively;
// every other submission is caught here and sent as JSON through the SDK.
import type { UiNode } from "@ory/client-fetch";
import { useId, type FormEvent, type ReactNode } from "react";
import Form from "react-bootstrap/Form";
import { useText } from "../i18n/text";
import type { KratosFlow } from "../kratos/errors";
import type { FlowBody } from "../kratos/update-flow";
import "./flows.css";
import { useFlowScripts } from "./kratos-scripts";
import { TraitGroup } from "./trait-fields";
import { UiNodeView } from "./nodes/ui-node";
import { useOnloadTriggers } from "./use-onload-triggers";
import { buildSubmitBody, collectFields, submitterOf, type Submitter } from "./submit-body";

export interface FlowFormProps {
  flow: KratosFlow;
  /** Only these groups (besides the default group, which carries the CSRF token). */
  groups?: readonly string[];
  /** These groups first, in this order; the others follow in Kratos' order. */
  order?: readonly string[];
  /** Nodes the page shows itself (still inside this form), e.g. credentials as a list. */
  exclude?: (node: UiNode) => boolean;
  /** Starting values for fields Kratos sends empty, by field name. */
  initialValues?: Readonly<Record<string, string>>;
  busy: boolean;
  onSubmit: (body: FlowBody, submitter: Submitter | undefined) => void;
  /** Told when Kratos' script is about to submit the form natively (WebAuthn, passkeys). */
  onNativeSubmit?: (group: string) => void;
  /** Rendered inside the form, before the nodes, e.g. credentials with their remove buttons. */
  prepend?: ReactNode;
  /** Rendered inside the form, after the nodes. */
  children?: ReactNode;
  "aria-label"?: string;
}

const defaultGroup = "default";

export function FlowForm({
  flow,
  groups,
  order = [],
  exclude,
  initialValues,
  busy,
  onSubmit,
  onNativeSubmit,
  prepend,
  children,
  ...rest
}: FlowFormProps) {
  const { t } = useText();
  const idPrefix = useId();
  // Scripts come from the whole flow: the passkey card needs the script node of the webauthn group.
  const scripts = useFlowScripts(flow.ui.nodes);
  const sections = sectionsOf(flow.ui.nodes, groups, order, exclude);
  const primary = primaryAction(sections);
  useOnloadTriggers(
    flow,
    sections.flatMap((section) => section.nodes),
    scripts,
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = submitterOf((event.nativeEvent as SubmitEvent).submitter);
    onSubmit(buildSubmitBody(collectFields(event.currentTarget), submitter), submitter);
  }

  return (
    <Form
      // A new flow from Kratos re-mounts the fields with Kratos' values (new CSRF token, cleared password),
      // and so do starting values that arrive after the flow.
      key={`${flowKey(flow)}:${JSON.stringify(initialValues ?? {})}`}
      action={flow.ui.action}
      method={flow.ui.method}
      noValidate
      onSubmit={handleSubmit}
      className="flow-form"
      {...rest}
    >
      {prepend}
      {sections.map((section, index) => (
        <div key={section.group} className="flow-group" data-group={section.group}>
          {index > 0 && sections[index - 1]?.group !== defaultGroup && sections[index - 1]?.visible && section.visible && (
            <div className="flow-separator" aria-hidden="true">
              <span>{t("flows.or")}</span>
            </div>
          )}
          {traitRunsOf(section.nodes).map((run) => {
            const views = run.nodes.map(({ node, index: nodeIndex }) => (
              <UiNodeView
                key={nodeIndex}
                node={node}
                idPrefix={idPrefix}
                busy={busy}
                scripts={scripts}
                initialValue={inputName(node) ? initialValues?.[inputName(node) as string] : undefined}
                primary={node === primary}
                onTrigger={onNativeSubmit}
              />
            ));
            return run.object === undefined ? (
              views
            ) : (
              <TraitGroup key={run.object} path={run.object}>
                {views}
              </TraitGroup>
            );
          })}
        </div>
      ))}
      {children}
    </Form>
  );
}

interface Section {
  group: string;
  nodes: UiNode[];
  /** Whether the section shows anything besides hidden inputs. */
  visible: boolean;
}

function sectionsOf(
  nodes: readonly UiNode[],
  groups: readonly string[] | undefined,
  order: readonly string[],
  exclude: ((node: UiNode) => boolean) | undefined,
): Section[] {
  const byGroup = new Map<string, UiNode[]>();
  for (const node of nodes) {
    if (node.group !== defaultGroup && groups && !groups.includes(node.group)) continue;
    if (exclude?.(node)) continue;
    const list = byGroup.get(node.group) ?? [];
    list.push(node);
    byGroup.set(node.group, list);
  }
  const rank = (group: string) => {
    if (group === defaultGroup) return -1;
    const preferred = (groups ?? order).indexOf(group);
    return preferred === -1 ? Number.MAX_SAFE_INTEGER : preferred;
  };
  // Array.prototype.sort is stable, so groups without a rank keep Kratos' order.
  return [...byGroup.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([group, list]) => ({ group, nodes: list, visible: list.some(isVisible) }));
}

function isVisible(node: UiNode): boolean {
  const attributes = node.attributes;
  if (attributes.node_type === "script") return false;
  return !(attributes.node_type === "input" && attributes.type === "hidden");
}

/** The first submit button that does not take something away is the form's main action. */
function primaryAction(sections: readonly Section[]): UiNode | undefined {
  for (const section of sections) {
    for (const node of section.nodes) {
      const attributes = node.attributes;
      if (attributes.node_type !== "input" || attributes.type !== "submit") continue;
      if (/(_remove|_unlink|_disable)$/.test(attributes.name) || attributes.name === "screen") continue;
      return node;
    }
  }
  return undefined;
}

/** The object a nested trait is in (`traits.address.city`: `traits.address`), else undefined. */
function objectOf(node: UiNode): string | undefined {
  const name = inputName(node);
  if (!name?.startsWith("traits.")) return undefined;
  const last = name.lastIndexOf(".");
  return last > "traits".length ? name.slice(0, last) : undefined;
}

/** The nodes in order, the traits of one object that follow each other together, to be grouped under its title. */
function traitRunsOf(nodes: readonly UiNode[]): { object: string | undefined; nodes: { node: UiNode; index: number }[] }[] {
  const runs: { object: string | undefined; nodes: { node: UiNode; index: number }[] }[] = [];
  nodes.forEach((node, index) => {
    const object = objectOf(node);
    const last = runs.at(-1);
    if (object !== undefined && last?.object === object) last.nodes.push({ node, index });
    else runs.push({ object, nodes: [{ node, index }] });
  });
  return runs;
}

function inputName(node: UiNode): string | undefined {
  return node.attributes.node_type === "input" ? node.attributes.name : undefined;
}

const flowKeys = new WeakMap<KratosFlow, number>();
let lastFlowKey = 0;

function flowKey(flow: KratosFlow): number {
  let key = flowKeys.get(flow);
  if (key === undefined) {
    key = ++lastFlowKey;
    flowKeys.set(flow, key);
  }
  return key;
}
