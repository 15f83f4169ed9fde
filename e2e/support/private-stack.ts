// A stack of a test's own (Kratos, mail catcher, portal on free ports), for a
// test that stops Kratos and must not take the shared stack down with it, or
// that needs Kratos configured differently.
import type { ConfigTree } from "../../stack/config-tree.js";
import { startPortal } from "../../stack/portal.js";
import { startTestStack, type TestStack } from "../../stack/testing/test-stack.js";

export async function startPrivateStack(kratosConfig: ConfigTree = {}): Promise<TestStack> {
  const stack = await startTestStack({ kratosConfig });
  try {
    await startPortal(stack.supervisor, stack.settings, stack);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
