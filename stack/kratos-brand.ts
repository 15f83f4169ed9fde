// The product's name where Kratos itself shows it, beyond its mails (courier-templates.ts): the issuer of the
// entry an authenticator app makes for the account (TOTP), and the relying party's name that the browser's
// passkey and security key prompts show. kratos.yml says "Account" for both.
import type { ConfigTree } from "./config-tree.js";
import type { MailBrand } from "./settings.js";

/** Kratos' settings with the operator's English product name (authenticator apps show one name); none without one. */
export function kratosBrandConfig(brand: MailBrand): ConfigTree {
  const name = brand.productNames.en;
  if (name === undefined) return {};
  const relyingParty = () => ({ config: { rp: { display_name: name } } });
  return { selfservice: { methods: { totp: { config: { issuer: name } }, webauthn: relyingParty(), passkey: relyingParty() } } };
}
