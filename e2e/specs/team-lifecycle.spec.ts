import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { useJourneyServer } from '../support/journey-server';
import { tr, type Lang } from '../support/locales';
import { invitationLinkFrom, sentTo } from '../support/mail';
import { signInWithCode } from '../support/sign-in';
import { screenshotBothWidths } from '../support/screens';

/**
 * The team lifecycle (docs/API.md "Team lifecycle and who may do what") in Team settings, in English
 * and Japanese, at 1280 px and 390 px: an admin with a member and a pending invitation changes the
 * member's level, withdraws the invitation, removes the member (asked twice) and deletes the team by
 * typing its name. Screenshots of each state; axe on the screen with its controls and with a removal
 * being confirmed.
 */
const app = useJourneyServer();

const signIn = (page: Page, lang: Lang, email: string) => signInWithCode(app, page, lang, email);

/** A call as the signed-in page makes it (session cookie and the CSRF header). */
async function api(page: Page, path: string, data: object) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const res = await page.request.fetch(`${app.server.url}${path}`, {
    method: 'POST',
    data,
    headers: { 'x-csrftoken': csrf },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: number; slug: string };
}

for (const locale of ['en-US', 'ja-JP'] as const) {
  const lang = locale.slice(0, 2) as Lang;
  test.describe(`team lifecycle in ${locale}`, () => {
    test.use({ locale });

    test('an admin changes a level, withdraws an invitation, removes a member and deletes the team', async ({
      page,
      browser,
      viewport,
    }) => {
      const admin = `lifecycle-admin-${lang}@example.com`;
      const member = `lifecycle-member-${lang}@example.com`;
      const pending = `lifecycle-pending-${lang}@example.com`;
      const teamName = lang === 'ja' ? '東京ライフサイクル' : 'Lifecycle Team';
      let team = { id: 0, slug: '' };

      await test.step('a team with a member who joined and an invitation still pending', async () => {
        await signIn(page, lang, admin);
        team = await api(page, '/api/teams/', { name: teamName });
        const mark = app.sink.mark();
        await api(page, `/api/teams/${team.id}/invites/`, { emails: [member, pending] });
        const invitation = await app.sink.waitFor(sentTo(member), { after: mark });
        const context = await browser.newContext({ locale, viewport });
        const memberPage = await context.newPage();
        await signIn(memberPage, lang, member);
        const code = new URL(invitationLinkFrom(invitation)).searchParams.get('code')!;
        await api(memberPage, `/api/teams/${team.id}/invites/accept/`, { code });
        await context.close();
      });

      const members = page.getByRole('table', { name: tr(lang, 'teams.members.title') });
      const memberRow = members.getByRole('row').filter({ hasText: member });
      const lifecycle = page.getByRole('region', { name: tr(lang, 'teamAccess.title') });

      await test.step('Team settings lists both, with the admin’s controls', async () => {
        await page.goto(`${app.server.url}/${team.slug}/team`);
        await expect(memberRow).toBeVisible();
        await expect(page.getByRole('row').filter({ hasText: pending })).toBeVisible();
        await expect(lifecycle.getByRole('button', { name: tr(lang, 'teamAccess.delete') })).toBeDisabled();
        await screenshotBothWidths(page, `team-lifecycle-${lang}`);
        await expectAccessible(page, `team lifecycle (${lang})`);
      });

      await test.step('the member becomes an admin', async () => {
        await memberRow
          .getByRole('textbox', { name: tr(lang, 'teamAccess.levelOf', { who: member }) })
          .click();
        await page.getByRole('option', { name: tr(lang, 'teams.levels.admin') }).click();
        await expect(
          memberRow.getByRole('textbox', { name: tr(lang, 'teamAccess.levelOf', { who: member }) }),
        ).toHaveValue(tr(lang, 'teams.levels.admin'));
      });

      await test.step('the pending invitation is withdrawn', async () => {
        await page
          .getByRole('button', { name: tr(lang, 'teamAccess.revokeFor', { email: pending }) })
          .click();
        await expect(page.getByRole('row').filter({ hasText: pending })).toHaveCount(0);
      });

      await test.step('removing the member is asked twice', async () => {
        await memberRow.getByRole('button', { name: tr(lang, 'teamAccess.remove') }).click();
        const confirm = memberRow.getByRole('button', {
          name: tr(lang, 'teamAccess.confirmRemove', { who: member }),
        });
        await expect(confirm).toBeVisible();
        await screenshotBothWidths(page, `team-lifecycle-remove-${lang}`);
        await expectAccessible(page, `team lifecycle, removing a member (${lang})`);
        await confirm.click();
        await expect(memberRow).toHaveCount(0);
      });

      await test.step('the team is deleted once its name is typed', async () => {
        await lifecycle.getByLabel(tr(lang, 'teamAccess.typeName')).fill(teamName);
        await screenshotBothWidths(page, `team-lifecycle-delete-${lang}`);
        await lifecycle.getByRole('button', { name: tr(lang, 'teamAccess.delete') }).click();
        await expect(page).not.toHaveURL(new RegExp(`/${team.slug}/team`));
        const teams = await page.request.get(`${app.server.url}/api/teams/`);
        expect(((await teams.json()) as { slug: string }[]).map((t) => t.slug)).not.toContain(team.slug);
      });
    });
  });
}
