// Why a flow was started again. Starting a browser flow leaves the page (Kratos
// redirects back with a new flow id), so the reason waits in sessionStorage
// until the new flow's page shows it.
import type { FlowKind } from "../../lib/kratos/flow-kinds";

const keyOf = (kind: FlowKind) => `flow-notice:${kind}`;

export function keepNotice(kind: FlowKind, notice: string, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(keyOf(kind), notice);
  } catch {
    // Without storage the new flow simply comes without the explanation.
  }
}

export function takeNotice(kind: FlowKind, storage: Storage = sessionStorage): string | undefined {
  try {
    const notice = storage.getItem(keyOf(kind));
    storage.removeItem(keyOf(kind));
    return notice ?? undefined;
  } catch {
    return undefined;
  }
}
