import type { Language } from '@murmur/core/api';
import { escapeHtml } from '../escape-html';
import type { Mail } from '../mailer';

export interface SignInCodeMailInput {
  to: string;
  language: Language;
  code: string;
  validMinutes: number;
}

const texts = {
  en: (code: string, minutes: number) => ({
    subject: `Your Murmur sign-in code: ${code}`,
    intro: 'Enter this code to sign in to Murmur:',
    outro: `The code expires in ${minutes} minutes and works once. If you did not ask to sign in, you can ignore this email.`,
  }),
  ja: (code: string, minutes: number) => ({
    subject: `Murmur のログインコード: ${code}`,
    intro: 'Murmur にログインするには、次のコードを入力してください:',
    outro: `このコードの有効期限は${minutes}分で、一度だけ使用できます。ログインを試みていない場合は、このメールを無視してください。`,
  }),
} satisfies Record<Language, unknown>;

/** SPEC §4 email login: the 6-character confirmation code, in the recipient's language. */
export function signInCodeMail({ to, language, code, validMinutes }: SignInCodeMailInput): Mail {
  const t = texts[language](code, validMinutes);
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n    ${code}\n\n${t.outro}\n`,
    html:
      `<p>${escapeHtml(t.intro)}</p>` +
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(code)}</p>` +
      `<p>${escapeHtml(t.outro)}</p>`,
  };
}
