import { expect, type Page } from '@playwright/test';
import type { JourneyServer } from './journey-server';
import { tr, type Lang } from './locales';
import { isSignInMail, signInCodeFrom } from './mail';

/** Signs in on the dashboard in `lang` with the code mailed to `email`, and waits to leave /login. */
export async function signInWithCode(
  app: JourneyServer,
  page: Page,
  lang: Lang,
  email: string,
): Promise<void> {
  await page.goto(`${app.server.url}/login`);
  await page.getByLabel(tr(lang, 'login.emailLabel')).fill(email);
  const mark = app.sink.mark();
  await page.getByRole('button', { name: tr(lang, 'login.sendCode') }).click();
  const mail = await app.sink.waitFor(isSignInMail(email), { after: mark });
  await page.getByLabel(tr(lang, 'login.codeLabel')).pressSequentially(signInCodeFrom(mail), { delay: 30 });
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Signs in on the pro-targeting site at `origin` (its own sign-in: a pro token, not the dashboard's
 * cookie) with the code mailed to `email`, and waits for the header's "Signed in as": the code form
 * shows the address too ("code sent to …"), and leaving before the code is answered signs nobody in.
 */
export async function signInToPro(
  app: JourneyServer,
  page: Page,
  lang: Lang,
  email: string,
  origin: string,
): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByLabel(tr(lang, 'login.emailLabel')).fill(email);
  const mark = app.sink.mark();
  await page.getByRole('button', { name: tr(lang, 'login.sendCode') }).click();
  const mail = await app.sink.waitFor(isSignInMail(email), { after: mark });
  await page.getByLabel(tr(lang, 'login.codeLabel')).pressSequentially(signInCodeFrom(mail), { delay: 30 });
  await expect(page.getByText(tr(lang, 'pro.signedInAs', { email })).first()).toBeVisible({
    timeout: 20_000,
  });
}

/**
 * A user without a team, on the welcome screen: "Create a team" opens the form with the focus in its
 * name field, the name is typed and the form sent with Enter; then the new team's settings open.
 */
export async function createTeamFromWelcome(page: Page, name: string, slug: string): Promise<void> {
  await expect(page).toHaveURL(/\/welcome/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Create a team' }).click();
  const field = page.getByLabel('Team name');
  await field.fill(name);
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${slug}/team`));
}
