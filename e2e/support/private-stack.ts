// A stack of a test's own (Kratos, mail catcher, portal on free ports), for a
// test that stops Kratos and must not take the shared stack down with it, or
// that needs Kratos or the portal configured differently.
import type { ConfigTree } from "../../stack/config-tree.js";
import { startPortal } from "../../stack/portal.js";
import { startTestStack, type TestStack } from "../../stack/test-stack.js";

export interface PrivateStackOptions {
  kratosConfig?: ConfigTree;
  /** Example SSO, the test provider: off unless the test signs in with it. */
  exampleSso?: boolean;
  /** More variables for the portal, e.g. a lower abuse limit. */
  portalEnv?: Record<string, string>;
  /** Variables of the whole stack as `npm start` reads them (Kratos' and the portal's), e.g. REGISTRATION. */
  settingsEnv?: Record<string, string>;
}

export async function startPrivateStack({
  kratosConfig = {},
  portalEnv = {},
  exampleSso = false,
  settingsEnv = {},
}: PrivateStackOptions = {}): Promise<TestStack> {
  const stack = await startTestStack({ kratosConfig, exampleSso, settingsEnv });
  try {
    await startPortal(stack.supervisor, stack.settings, stack, { env: portalEnv });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
