// Where Kratos says the browser goes after a finished flow (continue_with).
import type { ContinueWith } from "@ory/client";

export function redirectTarget(continueWith: readonly ContinueWith[] | undefined): string | undefined {
  for (const item of continueWith ?? []) {
    if (item.action === "redirect_browser_to") return item.redirect_browser_to;
  }
  return undefined;
}

export function verificationFlowId(continueWith: readonly ContinueWith[] | undefined): string | undefined {
  for (const item of continueWith ?? []) {
    if (item.action === "show_verification_ui") return item.flow.id;
  }
  return undefined;
}
