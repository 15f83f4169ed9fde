// The real Hydra (and the Kratos beside it) for a test file: the ones `npm
// test` started (handed over in TEST_* variables), or a stack of its own when
// the file runs alone.
import type { Test } from "tap";
import { startTestStack, testStackEnv } from "../../../stack/test-stack.js";
import type { Env } from "./build.js";

export interface HydraForTest {
  /** What Hydra names itself (localhost); OAuth2 applications discover it there. */
  issuer: string;
  publicUrl: string;
  adminUrl: string;
  kratosAdminUrl: string;
  /** The mail catcher Kratos sends to (maildev). */
  mailUrl: string;
  /** Environment for build(): the portal configured for this Kratos and Hydra. */
  env: Env;
}

export async function useHydra(t: Test): Promise<HydraForTest> {
  const env = process.env;
  let issuer = env[testStackEnv.hydraIssuer];
  let publicUrl = env[testStackEnv.hydraPublicUrl];
  let adminUrl = env[testStackEnv.hydraAdminUrl];
  let kratosPublicUrl = env[testStackEnv.kratosPublicUrl];
  let kratosAdminUrl = env[testStackEnv.kratosAdminUrl];
  let origin = env[testStackEnv.portalOrigin];
  let mailUrl = env[testStackEnv.mailUrl];
  let smtpUri = env[testStackEnv.smtpUri];
  if (!smtpUri || !issuer || !publicUrl || !adminUrl || !kratosPublicUrl || !kratosAdminUrl || !origin || !mailUrl) {
    const stack = await startTestStack();
    t.teardown(() => stack.stop());
    ({ issuer, publicUrl, adminUrl } = stack.hydra);
    ({ publicUrl: kratosPublicUrl, adminUrl: kratosAdminUrl, portalOrigin: origin, mailUrl } = stack);
    ({ smtpUri } = stack.settings.kratos);
  }
  return {
    issuer,
    publicUrl,
    adminUrl,
    kratosAdminUrl,
    mailUrl,
    env: {
      KRATOS_PUBLIC_URL: kratosPublicUrl,
      KRATOS_ADMIN_URL: kratosAdminUrl,
      HYDRA_ADMIN_URL: adminUrl,
      PORTAL_ORIGIN: origin,
      SMTP_URI: smtpUri,
    },
  };
}
