// The marks of the common sign-in providers, drawn here as inline SVG (no
// image from elsewhere: the CSP allows none, and the page must not tell a
// provider who looks at it). Simplified shapes of our own, with the providers'
// colours as presentation attributes, which the CSP's style-src does not
// govern. They are decoration: the button or row says the provider's name.
import type { ReactElement } from "react";
import { providerMarkOf, type ProviderMark as Mark } from "#contract/providers.js";

const marks: Record<Mark, ReactElement> = {
  google: (
    <>
      <path d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z" fill="#4285F4" />
      <path d="M12 22c2.7 0 5-.9 6.6-2.5l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22z" fill="#34A853" />
      <path d="M6.4 13.9a6 6 0 0 1 0-3.8V7.5H3.1a10 10 0 0 0 0 9z" fill="#FBBC05" />
      <path d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.5l3.3 2.6C7.2 7.8 9.4 6 12 6z" fill="#EA4335" />
    </>
  ),
  github: (
    <path
      d="M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.8c-2.8.6-3.4-1.2-3.4-1.2-.4-1.1-1.1-1.4-1.1-1.4-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.3 1.1 2.9.8.1-.6.3-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5a3.9 3.9 0 0 1 1-2.7c-.1-.3-.4-1.3.1-2.7 0 0 .8-.3 2.8 1a9.6 9.6 0 0 1 5 0c2-1.3 2.8-1 2.8-1 .5 1.4.2 2.4.1 2.7a3.9 3.9 0 0 1 1 2.7c0 3.9-2.4 4.7-4.6 5 .4.3.7.9.7 1.8V21c0 .3.2.6.7.5A10 10 0 0 0 12 2z"
      fill="currentColor"
    />
  ),
  microsoft: (
    <>
      <rect x="2.5" y="2.5" width="9" height="9" fill="#F25022" />
      <rect x="12.5" y="2.5" width="9" height="9" fill="#7FBA00" />
      <rect x="2.5" y="12.5" width="9" height="9" fill="#00A4EF" />
      <rect x="12.5" y="12.5" width="9" height="9" fill="#FFB900" />
    </>
  ),
  apple: (
    <path
      d="M16.4 12.6c0-2.4 2-3.5 2-3.6a4.3 4.3 0 0 0-3.4-1.8c-1.4-.2-2.8.8-3.5.8s-1.8-.8-3-.8a4.5 4.5 0 0 0-3.8 2.3c-1.6 2.8-.4 7 1.2 9.2.8 1.1 1.7 2.3 2.8 2.3s1.6-.8 3-.8 1.8.8 3 .7 2-1.1 2.7-2.2a9.5 9.5 0 0 0 1.3-2.6 3.9 3.9 0 0 1-2.3-3.5zM14.2 5.5A4 4 0 0 0 15.1 2.5a4 4 0 0 0-2.6 1.4 3.8 3.8 0 0 0-1 2.9 3.3 3.3 0 0 0 2.7-1.3z"
      fill="currentColor"
    />
  ),
  gitlab: (
    <>
      <path d="M12 21.5 2.3 14.4a.8.8 0 0 1-.3-.9L3.2 10 12 21.5z" fill="#FC6D26" />
      <path d="M12 21.5 20.8 10l1.2 3.5a.8.8 0 0 1-.3.9z" fill="#FC6D26" />
      <path d="M12 21.5 8.7 10h6.6z" fill="#E24329" />
      <path d="M3.2 10 5.4 3.2a.4.4 0 0 1 .8 0L8.7 10zM20.8 10l-2.2-6.8a.4.4 0 0 0-.8 0L15.3 10z" fill="#FCA326" />
    </>
  ),
  generic: (
    <>
      <circle cx="12" cy="12" r="9.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="12" cy="9.5" r="3" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M6.5 18.2a6.4 6.4 0 0 1 11 0" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </>
  ),
};

/** The mark of the provider with this id (see providerMarkOf); hidden from assistive technology. */
export function ProviderMark({ provider }: { provider: string }) {
  return (
    <svg className="provider-mark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {marks[providerMarkOf(provider)]}
    </svg>
  );
}
