// The real Kratos for a test file: the one `npm test` started (handed over in
// TEST_* variables), or one of its own when the file runs alone.
import type { Test } from "tap";
import { startTestStack, testStackEnv } from "../../../stack/test-stack.js";
import type { Env } from "./build.js";

export interface KratosForTest {
  publicUrl: string;
  adminUrl: string;
  /** The mail catcher Kratos sends to (maildev). */
  mailUrl: string;
  /** What Kratos' web hooks send; and the port they call (the portal's INTERNAL_PORT, where a test may listen). */
  hookSecret: string;
  internalPort: number;
  /** Example SSO's issuer, the test provider Kratos offers (stack/example-sso.ts). */
  exampleSsoIssuer: string;
  /** Environment for build(): the portal configured for this Kratos. */
  env: Env;
}

export async function useKratos(t: Test): Promise<KratosForTest> {
  let publicUrl = process.env[testStackEnv.kratosPublicUrl];
  let adminUrl = process.env[testStackEnv.kratosAdminUrl];
  let origin = process.env[testStackEnv.portalOrigin];
  let mailUrl = process.env[testStackEnv.mailUrl];
  let hookSecret = process.env[testStackEnv.hookSecret];
  let smtpUri = process.env[testStackEnv.smtpUri];
  let internalPort = Number(process.env[testStackEnv.portalInternalPort]);
  let exampleSsoIssuer = process.env[testStackEnv.exampleSsoIssuer];
  if (!publicUrl || !adminUrl || !origin || !mailUrl || !hookSecret || !smtpUri || !internalPort || !exampleSsoIssuer) {
    const stack = await startTestStack();
    t.teardown(() => stack.stop());
    ({ publicUrl, adminUrl, portalOrigin: origin, mailUrl } = stack);
    exampleSsoIssuer = stack.exampleSso?.issuer ?? "";
    ({ hookSecret, internalPort } = stack.settings.portal);
    ({ smtpUri } = stack.settings.kratos);
  }
  return {
    publicUrl,
    adminUrl,
    mailUrl,
    hookSecret,
    internalPort,
    exampleSsoIssuer,
    env: {
      KRATOS_PUBLIC_URL: publicUrl,
      KRATOS_ADMIN_URL: adminUrl,
      PORTAL_ORIGIN: origin,
      KRATOS_HOOK_SECRET: hookSecret,
      SMTP_URI: smtpUri,
    },
  };
}
