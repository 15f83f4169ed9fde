// The real Kratos for a test file: the one `npm test` started (handed over in
// TEST_* variables), or one of its own when the file runs alone.
import type { Test } from "tap";
import { startTestStack, testStackEnv } from "../../../stack/testing/test-stack.js";
import type { Env } from "./build.js";

export interface KratosForTest {
  publicUrl: string;
  adminUrl: string;
  /** The mail catcher Kratos sends to (maildev). */
  mailUrl: string;
  /** Environment for build(): the portal configured for this Kratos. */
  env: Env;
}

export async function useKratos(t: Test): Promise<KratosForTest> {
  let publicUrl = process.env[testStackEnv.kratosPublicUrl];
  let adminUrl = process.env[testStackEnv.kratosAdminUrl];
  let origin = process.env[testStackEnv.portalOrigin];
  let mailUrl = process.env[testStackEnv.mailUrl];
  if (!publicUrl || !adminUrl || !origin || !mailUrl) {
    const stack = await startTestStack();
    t.teardown(() => stack.stop());
    ({ publicUrl, adminUrl, portalOrigin: origin, mailUrl } = stack);
  }
  return { publicUrl, adminUrl, mailUrl, env: { KRATOS_PUBLIC_URL: publicUrl, PORTAL_ORIGIN: origin } };
}
