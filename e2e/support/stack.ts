// What the browser tests know of the stack `npm test` started for them.
import { testStackEnv } from "../../stack/testing/test-stack.js";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests with \`npm test -- e2e\``);
  return value;
}

export const stack = {
  portalOrigin: required(testStackEnv.portalOrigin),
  kratosAdminUrl: required(testStackEnv.kratosAdminUrl),
  mailUrl: required(testStackEnv.mailUrl),
  /** Hydra for the tests' OAuth2 applications: what it names itself (localhost, where the browser goes), where it listens. */
  hydra: { issuer: required(testStackEnv.hydraIssuer), publicUrl: required(testStackEnv.hydraPublicUrl) },
  /** Hydra's admin API: test clients and token introspection. */
  hydraAdminUrl: required(testStackEnv.hydraAdminUrl),
};

/** The stack's data folder: only the smoke test of `npm run dev`'s portal is handed it. */
export const stackDataDir = () => required(testStackEnv.dataDir);
