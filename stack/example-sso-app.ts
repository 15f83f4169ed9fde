// Example SSO's login and consent app (stack/example-sso.ts starts it): a page
// with one field, Email, and a Sign in button. Any address signs in; consent
// is granted without asking; the ID token carries the address, marked
// verified, and a name made from it ("ada.lovelace@…" is "Ada Lovelace").
// It is a test provider, and its page says so. Hydra's admin API is reached
// through @ory/client.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Configuration, OAuth2Api } from "@ory/client";

const port = Number(process.env.EXAMPLE_SSO_APP_PORT);
const adminUrl = process.env.EXAMPLE_SSO_ADMIN_URL;
if (!Number.isInteger(port) || !adminUrl) throw new Error("EXAMPLE_SSO_APP_PORT and EXAMPLE_SSO_ADMIN_URL are required");
const hydra = new OAuth2Api(new Configuration({ basePath: adminUrl }));

/** What a sign-in hands on from the login page to the consent (Hydra keeps it with the login). */
interface Person {
  email: string;
  name?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

/** One address, as a person would type it; no spaces, one @, a dot in the domain. */
const emailPattern = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/** "ada.lovelace" is Ada Lovelace (a "+tag" left out); an address whose name part has no letters gives no name. */
function nameOf(email: string): string | undefined {
  const words = (email.split("@")[0]?.split("+")[0] ?? "")
    .split(/[._+-]+/)
    .filter((word) => /\p{L}/u.test(word))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
  return words.length > 0 ? words.join(" ") : undefined;
}

function page(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
  });
  response.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Example SSO</title></head>
<body>
<main>
<h1>Example SSO</h1>
${body}
</main>
</body>
</html>`);
}

function signInForm(response: ServerResponse, challenge: string, status = 200, problem?: string, email = ""): void {
  page(
    response,
    status,
    `<p>A test provider that comes with the account portal, for trying and testing only: any address signs in, and nobody checks it.</p>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ""}
<form method="post" action="/login">
<input type="hidden" name="challenge" value="${escapeHtml(challenge)}">
<p><label for="email">Email</label><br><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}"></p>
<p><button type="submit">Sign in</button></p>
</form>`,
  );
}

function redirect(response: ServerResponse, to: string): void {
  response.writeHead(303, { location: to, "cache-control": "no-store" });
  response.end();
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > 4096) throw new Error("the form is too large");
  }
  return new URLSearchParams(body);
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://example-sso.invalid");
  if (request.method === "GET" && url.pathname === "/health") {
    response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    return;
  }
  if (request.method === "GET" && url.pathname === "/login") {
    const challenge = url.searchParams.get("login_challenge") ?? "";
    const { data: login } = await hydra.getOAuth2LoginRequest({ loginChallenge: challenge });
    // Hydra remembers nobody here (remember: false), but a request may still be one it can skip.
    if (login.skip) {
      const { data } = await hydra.acceptOAuth2LoginRequest({
        loginChallenge: challenge,
        acceptOAuth2LoginRequest: { subject: login.subject },
      });
      redirect(response, data.redirect_to);
      return;
    }
    signInForm(response, challenge);
    return;
  }
  if (request.method === "POST" && url.pathname === "/login") {
    const form = await formOf(request);
    const challenge = form.get("challenge") ?? "";
    const email = (form.get("email") ?? "").trim().toLowerCase();
    if (!emailPattern.test(email) || email.length > 254) {
      signInForm(response, challenge, 400, "Enter an email address, such as ada@example.org.", form.get("email") ?? "");
      return;
    }
    const person: Person = { email, name: nameOf(email) };
    const { data } = await hydra.acceptOAuth2LoginRequest({
      loginChallenge: challenge,
      // The address is the subject: the same address is the same person at every sign-in.
      acceptOAuth2LoginRequest: { subject: email, remember: false, context: person },
    });
    redirect(response, data.redirect_to);
    return;
  }
  if (request.method === "GET" && url.pathname === "/consent") {
    const challenge = url.searchParams.get("consent_challenge") ?? "";
    const { data: consent } = await hydra.getOAuth2ConsentRequest({ consentChallenge: challenge });
    const person = (consent.context ?? { email: consent.subject }) as Person;
    const { data } = await hydra.acceptOAuth2ConsentRequest({
      consentChallenge: challenge,
      acceptOAuth2ConsentRequest: {
        grant_scope: consent.requested_scope,
        grant_access_token_audience: consent.requested_access_token_audience,
        remember: false,
        session: { id_token: { email: person.email, email_verified: true, ...(person.name ? { name: person.name } : {}) } },
      },
    });
    redirect(response, data.redirect_to);
    return;
  }
  if (request.method === "GET" && url.pathname === "/error") {
    // Hydra's own words about what went wrong (an unknown client, a wrong redirect URI), escaped.
    const error = url.searchParams.get("error") ?? "unknown_error";
    page(response, 400, `<p>Example SSO could not sign you in: ${escapeHtml(error)}.</p>`);
    return;
  }
  response.writeHead(404, { "content-type": "text/plain" }).end("not found");
}

createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    const status = (error as { response?: { status?: number } }).response?.status;
    // An unknown or used challenge (a reload, the back button) is Hydra's 404 or 410, not a crash.
    console.error(`example-sso-app: ${request.method} ${request.url?.split("?")[0]} failed: ${status ?? (error as Error).message}`);
    if (!response.headersSent)
      page(
        response,
        status && status < 500 ? 400 : 502,
        "<p>This sign-in has expired or was already used. Start again from the portal.</p>",
      );
  });
}).listen(port, "127.0.0.1");
