// What Kratos mailed, read from the real mail catcher (maildev's REST API).
interface Mail {
  subject: string;
  text: string;
  /** The HTML part, when the mail has one (Kratos' code mails). */
  html?: string;
  to: { address: string }[];
}

/** The newest mail to the address whose subject matches; waits up to 20 s for it. */
export async function waitForMail(mailUrl: string, address: string, subject: RegExp): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${mailUrl}/email`)).json()) as Mail[];
    const found = mails.filter((mail) => subject.test(mail.subject) && mail.to.some((to) => to.address === address)).at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${address} with subject ${subject} within 20 s`);
}

/** The one-time code in a verification, recovery or sign-in mail. */
export function codeIn(mail: Mail): string {
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the mail "${mail.subject}"`);
  return code;
}

/** Every mail to the address so far, oldest first. */
export async function mailsTo(mailUrl: string, address: string): Promise<Mail[]> {
  const mails = (await (await fetch(`${mailUrl}/email`)).json()) as Mail[];
  return mails.filter((mail) => mail.to.some((to) => to.address === address));
}
