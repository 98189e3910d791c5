import type { ReceivedMail } from './smtp-sink';

/** The 6-character code of a sign-in mail (SPEC §9), as the user would read it. */
export function signInCodeFrom(mail: ReceivedMail): string {
  // English "sign-in code: X", Japanese "ログインコード: X"; else the code's own indented line.
  const match =
    /(?:sign-in code|ログインコード): ([A-Z0-9]{6})/.exec(mail.subject) ??
    /^ {4}([A-Z0-9]{6})\s*$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`No sign-in code in mail:\n${mail.text}`);
  return match[1];
}

/** The invitation link of an invitation mail. */
export function invitationLinkFrom(mail: ReceivedMail): string {
  const match = /(https?:\/\/[^\s"<>]+\/invite-accept\?code=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No invitation link in mail:\n${mail.text}`);
  return match[1];
}

export const sentTo = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase());

/** A sign-in code mail to that address (not, say, an invitation to the same person). */
export const isSignInMail = (address: string) => (mail: ReceivedMail) =>
  sentTo(address)(mail) && /sign-in code|ログインコード/.test(mail.subject);
