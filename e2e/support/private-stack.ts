// A stack of a test's own (Kratos, mail catcher, portal on free ports), for a
// test that stops Kratos and must not take the shared stack down with it, or
// that needs Kratos or the portal configured differently.
import type { ConfigTree } from "../../stack/config-tree.js";
import { startPortal } from "../../stack/portal.js";
import { startTestStack, type TestStack } from "../../stack/testing/test-stack.js";

export interface PrivateStackOptions {
  kratosConfig?: ConfigTree;
  /** More variables for the portal, e.g. a lower abuse limit. */
  portalEnv?: Record<string, string>;
}

export async function startPrivateStack({ kratosConfig = {}, portalEnv = {} }: PrivateStackOptions = {}): Promise<TestStack> {
  const stack = await startTestStack({ kratosConfig });
  try {
    await startPortal(stack.supervisor, stack.settings, stack, { env: portalEnv });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
