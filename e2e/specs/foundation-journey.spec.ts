import { expect, test, type Page } from '@playwright/test';
import { MAIL_FROM, useJourneyServer } from '../support/journey-server';
import { invitationLinkFrom, isSignInMail, sentTo, signInCodeFrom } from '../support/mail';
import { screenshot } from '../support/screens';

/**
 * The foundation journey: sign in with an emailed code, create a team, invite two colleagues, accept as the
 * second user, switch the interface to Japanese. Mail goes over real SMTP to a sink this test starts.
 */
const app = useJourneyServer({ MAIL_FROM });

async function signIn(page: Page, email: string, shot?: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in or register' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  if (shot) await screenshot(page, `${shot}-email`);
  const mark = app.sink.mark();
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  const mail = await app.sink.waitFor(isSignInMail(email), { after: mark });
  const code = signInCodeFrom(mail);
  const codeInput = page.getByLabel('Sign-in code');
  await expect(codeInput).toBeVisible();
  if (shot) await screenshot(page, `${shot}-code`);
  // SPEC §4: the code submits itself once 6 characters are typed; no button press.
  await codeInput.pressSequentially(code, { delay: 30 });
}

test('a new user signs in, creates a team, invites two colleagues; one accepts and switches to Japanese', async ({
  browser,
  viewport,
}) => {
  // The project's window (1280 px, or 390 px in the phone project) for both people's browsers.
  const alice = await browser.newPage({ baseURL: app.server.url, viewport });

  await test.step('a signed-out visitor is sent to the login screen', async () => {
    await alice.goto('/');
    await expect(alice).toHaveURL(/\/login/);
  });

  await test.step('a wrong code is flagged and the form can be reset; the right code signs in', async () => {
    // A wrong code is flagged, and the form can be reset.
    await alice.getByLabel('Email address').fill('alice@example.com');
    await alice.getByRole('button', { name: 'Send sign-in code' }).click();
    await app.sink.waitFor(isSignInMail('alice@example.com'));
    await alice.getByLabel('Sign-in code').pressSequentially('ZZZZZZ', { delay: 20 });
    await expect(alice.getByText('Invalid login code')).toBeVisible();
    await screenshot(alice, 'login-invalid-code');
    await alice.getByRole('button', { name: 'Use a different email' }).click();

    await signIn(alice, 'alice@example.com', 'login');
  });

  await test.step('no team yet: onboarding, then a team is created', async () => {
    await expect(alice).toHaveURL(/\/welcome/);
    await expect(alice.getByRole('heading', { name: /Welcome/ }).first()).toBeVisible();
    // The header knows who is signed in at once (no stale "Sign in" button after signing in): on a
    // laptop its account menu names her; on a phone the drawer behind her avatar does.
    if ((viewport?.width ?? 1280) > 480) {
      await expect(alice.getByRole('button', { name: 'Account menu for alice@example.com' })).toBeVisible();
    } else {
      await alice.getByRole('button', { name: 'Account and language' }).click();
      await expect(alice.getByRole('dialog', { name: 'alice@example.com' })).toBeVisible();
      await screenshot(alice, 'welcome-account-drawer');
      await alice.keyboard.press('Escape');
      await expect(alice.getByRole('dialog')).toBeHidden();
    }
    await expect(alice.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await screenshot(alice, 'welcome');
    await alice
      .getByRole('button', { name: 'Create a team' })
      .or(alice.getByRole('link', { name: 'Create a team' }))
      .first()
      .click();
    await alice.getByLabel('Team name').fill('Acme Marketing');
    await screenshot(alice, 'create-team');
    await alice.getByRole('button', { name: 'Create team' }).click();

    await expect(alice).toHaveURL(/\/acme-marketing\/team/);
    await expect(alice.getByRole('heading', { name: 'Team settings' })).toBeVisible();
  });

  const link = await test.step('two colleagues invited at once, with a message', async () => {
    await alice.getByLabel('Email addresses').fill('bob@example.com, carol@example.com');
    await alice.getByLabel('Message (optional)').fill('Join us on Murmur!');
    await alice.getByRole('button', { name: 'Send invitations' }).click();
    const invitations = alice.getByRole('table').filter({ hasText: 'carol@example.com' });
    await expect(invitations.getByRole('row').filter({ hasText: 'bob@example.com' })).toContainText('Sent');
    await expect(invitations.getByRole('row').filter({ hasText: 'carol@example.com' })).toContainText('Sent');
    await screenshot(alice, 'team-settings');

    const bobInvitation = await app.sink.waitFor(sentTo('bob@example.com'));
    expect(bobInvitation.text).toContain('Join us on Murmur!');
    await app.sink.waitFor(sentTo('carol@example.com'));
    return invitationLinkFrom(bobInvitation);
  });

  // The second user, in their own browser.
  const bobContext = await browser.newContext({ baseURL: app.server.url, locale: 'en-US', viewport });
  const bob = await bobContext.newPage();
  await test.step('Bob opens the link, signs in and accepts', async () => {
    await bob.goto(link);
    await expect(bob.getByText('Acme Marketing').first()).toBeVisible();
    await screenshot(bob, 'invite-accept-signed-out');
    await bob
      .getByRole('link', { name: 'Sign in to accept' })
      .or(bob.getByRole('button', { name: 'Sign in to accept' }))
      .first()
      .click();
    await signIn(bob, 'bob@example.com');
    await expect(bob).toHaveURL(/invite-accept/);
    await screenshot(bob, 'invite-accept');
    await bob.getByRole('button', { name: 'Join Acme Marketing' }).click();
    await expect(bob).toHaveURL(/\/acme-marketing\//);
  });

  await test.step('the admin sees the new member, with the invitation accepted', async () => {
    await alice.reload();
    const members = alice.getByRole('table').filter({ hasText: 'alice@example.com' });
    await expect(members.getByRole('row').filter({ hasText: 'bob@example.com' })).toContainText('Member');
  });

  await test.step('the team switcher lists Bob’s new team', async () => {
    await bob.goto('/choose-team');
    await expect(bob.getByText('Acme Marketing').first()).toBeVisible();
    await screenshot(bob, 'choose-team');
  });

  await test.step('Bob switches the interface to Japanese, which stays after a reload', async () => {
    await bob.goto('/acme-marketing/account');
    await expect(bob.getByRole('heading', { name: 'Manage account' })).toBeVisible();
    await screenshot(bob, 'account-en');
    await bob.getByLabel('Language', { exact: true }).click();
    await bob.getByRole('option', { name: '日本語' }).click();
    await bob.getByRole('button', { name: 'Save language' }).click();
    await expect(bob.getByRole('heading', { name: 'アカウント管理' })).toBeVisible();
    await bob.reload();
    await expect(bob.getByRole('heading', { name: 'アカウント管理' })).toBeVisible();
    await screenshot(bob, 'account-ja');
  });

  await bobContext.close();
});
