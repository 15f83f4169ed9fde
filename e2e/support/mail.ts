// Reads what Kratos sent through the real mail catcher (maildev's REST API).
import { expect } from "@playwright/test";
import { stack } from "./stack.js";

export interface Mail {
  id: string;
  subject: string;
  text: string;
  /** The HTML part. */
  html?: string;
  to: { address: string }[];
  date: string;
}

async function mailsTo(address: string, mailUrl: string): Promise<Mail[]> {
  const response = await fetch(`${mailUrl}/email`);
  const mails = (await response.json()) as Mail[];
  return mails.filter((mail) => mail.to.some((to) => to.address === address));
}

/** Waits for the newest mail to `address` whose subject matches, sent after `since` (to the shared stack's mail catcher, or another's). */
export async function waitForMail(address: string, subject: RegExp, since = 0, mailUrl = stack.mailUrl): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(address, mailUrl)).filter(
          (mail) => subject.test(mail.subject) && Date.parse(mail.date) >= since - 1000,
        );
        found = mails.at(-1);
        return found !== undefined;
      },
      { message: `a mail to ${address} with subject ${subject}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The one-time code in a verification, recovery or sign-in mail. */
export function codeIn(mail: Mail): string {
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the mail "${mail.subject}"`);
  return code;
}
