import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@murmur/core/format';
import { ApiError } from '@murmur/core/errors';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { creatorPath, insightsPath } from '@/lib/insights-link';
import { saveReturnPath } from '@/lib/storage';
import { parseUsageCode, useSharedUsage } from '../api/usage-share-links';
import { downloadJson } from '../utils/download-json';

export interface SharedUsageScreenProps {
  /** `<id>.<signature>` from the link. */
  code: string;
  /** The viewer's team to build in; null when signed out (or in no team). */
  teamSlug: string | null;
  signedIn: boolean;
  /** The package's criteria as a table (the creator's summary, composed by the route). */
  renderPackage: (pkg: TargetingPackage) => ReactNode;
}

/**
 * /shared-usage/:code — what a usage's share link opens (docs/API-AUDIENCES.md "Share links"): the
 * targeting that was applied to an X ad account, when, and a way on (its insights, an audience built
 * from it, the package as a file). A link that expired (410), was replaced or revoked (404), or is
 * malformed gets a screen of its own that says so, never an error. Nobody who opens it sees who else it
 * was shared with.
 */
export function SharedUsageScreen(props: SharedUsageScreenProps) {
  const { t } = useTranslation();
  usePageTitle(t('audiences.sharedUsage.title'));
  const link = parseUsageCode(props.code);
  if (link === null) return <DeadLink expired={false} />;
  return <SharedUsage {...props} link={link} />;
}

function SharedUsage({
  link,
  teamSlug,
  signedIn,
  renderPackage,
}: SharedUsageScreenProps & { link: { id: number; signature: string } }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const shared = useSharedUsage(link);
  if (shared.isPending)
    return (
      <Stack gap="lg">
        <PageHeader title={t('audiences.sharedUsage.title')} intro={t('audiences.sharedUsage.loading')} />
        <Skeleton role="status" h={200} aria-label={t('common.loading')} />
      </Stack>
    );
  if (shared.isError) {
    const status = shared.error instanceof ApiError ? shared.error.status : 0;
    if (status === 404 || status === 410 || status === 400) return <DeadLink expired={status === 410} />;
    return <QueryError query={shared} />;
  }
  const usage = shared.data;
  const pkg = usage.targeting_package;
  const signIn = () => {
    saveReturnPath(`${location.pathname}${location.search}`);
    void navigate('/login');
  };
  return (
    <Stack gap="lg">
      <PageHeader title={t('audiences.sharedUsage.title')} intro={t('audiences.sharedUsage.intro')} />
      <Paper withBorder p="lg" component="section" aria-labelledby="shared-usage-heading">
        <Stack gap="md">
          <Title order={2} size="h4" id="shared-usage-heading">
            {t('audiences.sharedUsage.applied', {
              account: usage.ad_account_id || '—',
              date: formatDate(usage.created, language),
            })}
          </Title>
          {renderPackage(pkg)}
          <Group gap="sm">
            <Button component={Link} to={insightsPath(null, { package: pkg })}>
              {t('audiences.sharedUsage.insights')}
            </Button>
            {teamSlug !== null ? (
              <Button component={Link} to={creatorPath(teamSlug, pkg)} variant="light">
                {t('audiences.sharedUsage.build')}
              </Button>
            ) : (
              <Button variant="light" onClick={signedIn ? () => void navigate('/choose-team') : signIn}>
                {t(signedIn ? 'audiences.sharedUsage.chooseTeam' : 'audiences.sharedUsage.signIn')}
              </Button>
            )}
            <Button variant="default" onClick={() => downloadJson(pkg, `targeting-package-${usage.id}.json`)}>
              {t('audiences.sharedUsage.download')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

function DeadLink({ expired }: { expired: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('audiences.sharedUsage.title')}
        intro={t(expired ? 'audiences.sharedUsage.expiredTitle' : 'audiences.sharedUsage.deadTitle')}
      />
      <Alert color="orange" role="status">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t(expired ? 'audiences.sharedUsage.expired' : 'audiences.sharedUsage.dead')}</Text>
          <Button component={Link} to="/store" size="xs" variant="light">
            {t('audiences.sharedUsage.store')}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}
