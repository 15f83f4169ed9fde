// What the browser tests know of the stack `npm test` started for them.
import { testStackEnv } from "../../stack/test-stack.js";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests with \`npm test -- e2e\``);
  return value;
}

/** Each address read when a test asks for it: the compose suite's specs (e2e/compose/) have the mail catcher's alone. */
export const stack = {
  get portalOrigin() {
    return required(testStackEnv.portalOrigin);
  },
  get kratosAdminUrl() {
    return required(testStackEnv.kratosAdminUrl);
  },
  get mailUrl() {
    return required(testStackEnv.mailUrl);
  },
  /** Hydra for the tests' OAuth2 applications: what it names itself (localhost, where the browser goes), where it listens. */
  get hydra() {
    return { issuer: required(testStackEnv.hydraIssuer), publicUrl: required(testStackEnv.hydraPublicUrl) };
  },
  /** Hydra's admin API: test clients and token introspection. */
  get hydraAdminUrl() {
    return required(testStackEnv.hydraAdminUrl);
  },
};

/** The stack's data folder: only the smoke test of `npm run dev`'s portal is handed it. */
export const stackDataDir = () => required(testStackEnv.dataDir);
