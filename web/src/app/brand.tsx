// The product's mark, logo and links, as the operator configured them
// (lib/branding.ts), or the portal's own globe. An image with a dark variant
// is drawn twice, and the stylesheet shows the one of the page's theme
// (app.scss), so that the server's page is right before any script runs.
import { useText } from "../lib/i18n/text";
import type { Branding } from "#contract/schemas/runtime-config.js";
import { branding } from "../lib/branding";
import { termsLinks } from "../lib/terms";
import { BrandIcon } from "./shell/icons";

type BrandImage = NonNullable<Branding["logo"]>;

function ThemedImage({ image, alt, className }: { image: BrandImage; alt: string; className: string }) {
  if (!image.dark) return <img src={image.light} alt={alt} className={className} />;
  return (
    <>
      <img src={image.light} alt={alt} className={`${className} brand-image-light`} />
      <img src={image.dark} alt={alt} className={`${className} brand-image-dark`} />
    </>
  );
}

/** The square mark beside the product's name, which names it: the image is decorative. */
export function BrandMark() {
  const { mark } = branding();
  return mark ? <ThemedImage image={mark} alt="" className="brand-mark" /> : <BrandIcon />;
}

/** The wide logo above the public pages' card, named by the product's name; without one, the mark and the name. */
export function BrandLogo({ productName }: { productName: string }) {
  const { logo } = branding();
  if (logo) return <ThemedImage image={logo} alt={productName} className="brand-logo" />;
  return (
    <>
      <BrandMark />
      <span>{productName}</span>
    </>
  );
}

const linkKeys = ["support", "terms", "privacy"] as const;

function brandLinks(): { key: (typeof linkKeys)[number]; href: string }[] {
  const { supportEmail, supportUrl } = branding();
  const terms = termsLinks();
  const hrefs = { support: supportEmail ? `mailto:${supportEmail}` : supportUrl, terms: terms?.url, privacy: terms?.privacyUrl };
  return linkKeys.flatMap((key) => (hrefs[key] ? [{ key, href: hrefs[key] }] : []));
}

export const hasBrandLinks = () => brandLinks().length > 0;

/** Help, terms and privacy policy, those the operator gave; nothing without them. */
export function BrandLinks() {
  const { t } = useText();
  const links = brandLinks();
  if (links.length === 0) return null;
  return (
    <nav aria-label={t("app.brand.links")} className="brand-links">
      {links.map((link) => (
        <a key={link.key} href={link.href} rel="noopener noreferrer" target="_blank">
          {t(`app.brand.${link.key}`)}
        </a>
      ))}
    </nav>
  );
}
