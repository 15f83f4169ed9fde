// What the portal answers when it refuses or fails: a code, never a sentence.
// The app turns each code into words from its catalog (web/src/lib/i18n), so
// a wording or a language changes nothing on the server. Plain constants: the
// app imports them without the schema library.

export const errorCodes = [
  /** 401: no session, or it ended. */
  "not_signed_in",
  /** 403: the session has one factor of two, or the work needs a second factor. */
  "aal2_required",
  /** 403: the user lacks the role the route needs. */
  "role_required",
  /** 403: the work needs a recent sign-in (Kratos' privileged session); signing in again gives one. */
  "reauthentication_required",
  /** 409: deleting the account, or taking its admin role, would leave the portal without an admin. */
  "last_admin",
  /** 409: an admin's change to their own account that Manage Users refuses (their admin role, deactivating, deleting). */
  "self_action",
  /** 404: no account has that id (Manage Users). */
  "user_not_found",
  /** 409: the account has no email address to verify, or it is verified already. */
  "already_verified",
  /** 401: a call to Kratos' web hook routes without the shared secret (only Kratos calls them). */
  "hook_secret_invalid",
  /** 403: the OAuth2 request belongs to another account than the signed-in one. */
  "other_account",
  /**
   * 403: a change that did not come from the portal's own pages (Origin check); under `npm run dev`, any
   * request for another site's name (Host check).
   */
  "cross_origin",
  /** 403 or 415: a body that is not application/json. */
  "json_required",
  /** 429: an abuse limit holds; Retry-After says for how long. */
  "rate_limited",
  /**
   * 428: an abuse limit of this sign-in, recovery or registration is near; the submission needs a solved
   * proof-of-work challenge (GET /api/proof-of-work, the solution in the X-Altcha header). Also for a solution
   * that is wrong, expired or used before.
   */
  "proof_of_work_required",
  /** 400: fields are wrong; `errors` names each. */
  "invalid_fields",
  /** 400: the request as a whole is wrong (not an object, a query without a field to name). */
  "invalid_request",
  /**
   * 400: a Kratos flow submission that Kratos could read otherwise than the abuse limits do (a field named
   * in another case, a value given twice or in two places, a form body Go's parser refuses).
   */
  "ambiguous_request",
  /**
   * 400: a return_to (sent on to Kratos through /kratos) that is not on the portal's origins, or that holds a
   * character browsers drop or read as another (a backslash, a tab, a new line).
   */
  "return_to_not_allowed",
  /** 400: the body is empty, not JSON, or not as long as its Content-Length says. */
  "body_unreadable",
  /** 413: the body is over the route's limit. */
  "body_too_large",
  /** 404: no such route, file or Kratos path. */
  "not_found",
  /** 404: no OAuth2 client has that id. */
  "client_not_found",
  /** 404: Hydra does not know the login, consent or logout request, or it expired. */
  "challenge_unknown",
  /** 410: the request from the application was already answered. */
  "challenge_answered",
  /** 403: Kratos' native (mobile app) flows are turned off (KRATOS_NATIVE_FLOWS). */
  "native_flows_disabled",
  /** 403: accounts are by invitation only (REGISTRATION=invite-only): no registration flow. */
  "registration_closed",
  /**
   * 400: Kratos failed on what was sent to it through /kratos (it answered a server error, and answers
   * otherwise): a forged or broken submission, never one of the portal's pages as they are.
   */
  "kratos_refused",
  /** 503: Kratos is down or did not answer in time. */
  "kratos_unavailable",
  /** 503: Hydra is down or did not answer in time. */
  "hydra_unavailable",
  /** 502: Kratos answered what the portal does not expect. */
  "kratos_unexpected",
  /** 502: Hydra answered what the portal does not expect. */
  "hydra_unexpected",
  /** 500: a fault of the portal's own; its details are only logged. */
  "internal_error",
  /** 403: the terms of service changed (TERMS_VERSION) and the signed-in person has not accepted the new version yet. */
  "terms_required",
  /** 409: the version accepted is not the one the portal asks for (it changed while the page was open). */
  "terms_version_changed",
  /** 409: an invitation to an address that already has an account (only admins can ask, so only they learn it). */
  "account_exists",
  /** 404: the invitation link is not one the portal made, or a newer link replaced it. */
  "invitation_invalid",
  /** 410: the invitation link's time ran out. */
  "invitation_expired",
  /** 410: the invitation was accepted already: the link works once. */
  "invitation_used",
  /** 400: Kratos refused the account an invitation would make (a value its identity schema does not take). */
  "invitation_refused",
  /** 409: resending or revoking an invitation that is no longer pending (accepted, or the account signs in already). */
  "invitation_not_pending",
  /** 404: the undo link of a security mail is not one the portal made (server/src/services/undo.ts). */
  "undo_invalid",
  /** 410: the undo link's 7 days ran out. */
  "undo_expired",
  /** 410: the undo link was used, or another undo of the account already reverted its change: a link works once. */
  "undo_used",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** What is wrong with one field; `limit`, `value` and `values` say more where the code needs it. */
export const fieldErrorCodes = [
  "required",
  /** Of another JSON type than the field takes: no value is read as another type (a list as a text, a text as a number). */
  "wrong_type",
  /** A field the request does not take; it is refused, never ignored. */
  "unknown_field",
  /** Not one of `values`. */
  "not_allowed",
  "empty",
  /** Shorter than `limit` characters. */
  "too_short",
  /** Longer than `limit` characters. */
  "too_long",
  /** A number under `limit`. */
  "too_small",
  /** A number over `limit`. */
  "too_large",
  /** Fewer than `limit` values. */
  "too_few",
  /** More than `limit` values. */
  "too_many",
  "duplicate",
  /** An update that names no field. */
  "nothing_to_change",
  /** Characters or spacing the field does not allow. */
  "bad_characters",
  /** A redirect URI (`value`) with spaces or control characters. */
  "uri_whitespace",
  /** `value` is not an absolute URI. */
  "uri_not_absolute",
  /** `value` has a fragment (#), which a redirect URI must not. */
  "uri_fragment",
  /** `value` uses http on a host other than the loopback interface. */
  "uri_http_not_loopback",
  /** `value` uses an app's own scheme without a single slash after it. */
  "uri_app_scheme_slash",
  /** `value` has a scheme that can run script or read files (javascript:, data:, file:, …). */
  "uri_scheme_not_allowed",
  /** The post-logout URI `value` does not share scheme, host and port with a redirect URI. */
  "uri_not_a_redirect_origin",
  /** Not an absolute http(s) URL. */
  "not_http_url",
  /** client_credentials on a public client, which has no secret. */
  "public_client_credentials",
  /** authorization_code or implicit without a redirect URI. */
  "redirect_uri_required",
  /** A public client has no secret to rotate. */
  "public_client_secret",
  /** Scopes (`values`) the application did not ask for. */
  "scope_not_requested",
  /** Not the email address of the signed-in account (confirming the account's deletion). */
  "not_account_email",
  /** Hydra refused the value. */
  "refused_by_hydra",
  "invalid",
] as const;
export type FieldErrorCode = (typeof fieldErrorCodes)[number];
