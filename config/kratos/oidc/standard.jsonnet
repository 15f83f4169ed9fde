// A new account from a provider's claims (Kratos' Claims, the OpenID Connect
// standard claims, which Kratos fills for every provider it knows: Google,
// GitHub, Microsoft, Apple, GitLab, any generic OpenID Connect server). The
// identity schema is config/kratos/identity.schema.json: email, name (first,
// last), language.
//
// The address counts as verified only when the provider says it checked it
// (email_verified): Kratos then marks it verified and sends no code. Microsoft
// Entra ID does not say so, and there anyone may put any address on an
// account, so those addresses get Kratos' verification code like any other.
// Kratos' Jsonnet allows no imports: this one file serves every provider.
local claims = std.extVar('claims');
local has(name) = std.objectHas(claims, name) && claims[name] != null && claims[name] != '';
local email = if has('email') then std.asciiLower(std.stripChars(claims.email, ' ')) else null;
local verified = email != null && std.objectHas(claims, 'email_verified') && claims.email_verified == true;

// given_name and family_name where the provider has them; otherwise the full
// name, its first word as the first name and the rest as the last.
local words = if has('name') then std.filter(function(word) word != '', std.split(claims.name, ' ')) else [];
local first = if has('given_name') then claims.given_name else if std.length(words) > 0 then words[0] else null;
local last =
  if has('family_name') then claims.family_name
  else if has('last_name') then claims.last_name
  else if std.length(words) > 1 then std.join(' ', words[1:]) else null;
local clip(text) = if text == null then null else std.substr(text, 0, 100);

// The provider's locale (BCP 47, "de-DE", "pt_BR") as one of the portal's
// languages (contract/languages.ts); the sign-up page's own language, which the
// form sends, takes precedence over it.
local languages = ['en', 'de', 'fr', 'es', 'ja', 'ar'];
local locale = if has('locale') then std.asciiLower(std.strReplace(claims.locale, '_', '-')) else '';
local primary = std.split(locale, '-')[0];
local language =
  if primary == 'pt' then 'pt-BR'
  else if std.member(languages, primary) then primary
  else null;

if email == null then
  error 'The provider did not tell the email address: ask it for the email scope.'
else
  {
    identity: {
      traits: std.prune({
        email: email,
        name: { first: clip(first), last: clip(last) },
        language: language,
      }),
      verified_addresses: if verified then [{ via: 'email', value: email }] else [],
    },
  }
