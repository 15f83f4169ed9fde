// Every mail of the portal has an HTML part from one design (server/src/mail/design.ts) that says what its
// plain text says: in the reader's language and direction, the operator's colour only where it reads, the mark
// by cid:, every word of the operator's and the user's escaped, nothing fetched.
import t from "tap";
import { directionOf, languages } from "#contract/languages.js";
import { mailAccent } from "../../src/mail/design.js";
import { mailBrand, renderMail } from "../../src/mail/messages.js";
import type { MailBrand } from "../../src/mail/types.js";

const settingsUrl = "https://account.example/settings?from=mail&x=1";
const at = "4 March 2026";
const link = "https://account.example/invitation?token=T&lang=de";

/** The HTML's text, as a reader sees it: tags out, entities decoded. */
const visibleText = (markup: string) =>
  markup
    .replace(/<(style|title)[\s\S]*?<\/\1>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#34;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

t.test("each language's HTML part has its lang and direction, and says what the plain text says", async (t) => {
  for (const language of languages) {
    const mail = renderMail("invitation", "r@example.com", { inviter: "Grace", site: "account.example", until: at, link }, language);
    t.match(mail.html, `<html lang="${language}" dir="${directionOf(language)}">`, `${language}: lang and dir`);
    const words = visibleText(mail.html ?? "");
    for (const paragraph of mail.text.split("\n\n")) {
      t.ok(words.includes(paragraph.replace(/\s+/g, " ")), `${language}: the HTML says "${paragraph.slice(0, 30)}…"`);
    }
    t.match(mail.html, `<a href="${link.replace("&", "&amp;")}"`, `${language}: the link is a link`);
  }
  t.match(renderMail("password_changed", "r@example.com", { at, settingsUrl }, "ar").html, 'dir="rtl"');
});

t.test("the operator's and the user's words are escaped in HTML, never markup", async (t) => {
  const brand = mailBrand({ en: { productName: 'Rechen<b>werk</b> & "Co"' } }, "help+me@example.org");
  const mail = renderMail(
    "invitation",
    "r@example.com",
    { inviter: '<img src="https://evil.example/x.png"> Mallory', site: "<script>alert(1)</script>", until: at, link },
    "en",
    brand,
  );
  const markup = mail.html ?? "";
  t.notMatch(markup, "<b>werk", "the product's name");
  t.match(markup, "Rechen&lt;b&gt;werk&lt;/b&gt; &amp; &#34;Co&#34;");
  t.notMatch(markup, "<img", "the inviter's name");
  t.notMatch(markup, "<script", "the site");
  t.match(markup, '<a href="mailto:help+me@example.org"', "the support contact, a mailto: link");
  t.match(mail.text, '<img src="https://evil.example/x.png"> Mallory', "the plain text as given");
});

t.test("nothing is fetched: no script, no stylesheet, no remote image; the mark by cid: with its alt text", async (t) => {
  const mark: MailBrand["mark"] = {
    light: { cid: "mark-light@portal", filename: "mark.svg", contentType: "image/svg+xml", content: Buffer.from("<svg/>") },
  };
  const brand = mailBrand({ en: { productName: "Rechenwerk" } }, undefined, "#6f42c1", mark);
  const markup = renderMail("password_changed", "r@example.com", { at, settingsUrl }, "en", brand).html ?? "";
  t.notMatch(markup, /<script|<link|@import|src="(https?:)?\/\//i);
  t.match(markup, '<img src="cid:mark-light@portal"');
  for (const image of markup.match(/<img[^>]*>/g) ?? []) t.match(image, /alt="[^"]+"/, "alt text");
  t.match(markup, "color:#6f42c1", "the operator's colour");
  t.match(markup, '<meta name="color-scheme" content="light dark">');
  t.match(markup, "@media (prefers-color-scheme: dark)");
  t.notMatch(renderMail("password_changed", "r@example.com", { at, settingsUrl }, "en").html, "<img", "no mark, no image");
});

t.test("the accent: the operator's colour where it reads on the mail, else the portal's; a lighter tint on dark", async (t) => {
  t.same(mailAccent("#6f42c1").light, "#6f42c1");
  t.same(mailAccent("#7fb2ff"), mailAccent(undefined), "a colour too light for white falls back");
  t.same(mailAccent("not a colour"), mailAccent(undefined));
  t.not(mailAccent("#6f42c1").dark, "#6f42c1", "lighter on the dark card");
});
