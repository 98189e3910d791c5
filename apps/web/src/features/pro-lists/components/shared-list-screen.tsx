import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '@murmur/core/errors';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { encodePackage } from '@/lib/insights-link';
import { useSharedList } from '../api/list-share-link';

/**
 * /shared/:token — what a list's share link opens (docs/API-AUDIENCES.md "Share links"): the list's
 * name and a way into the builder; a link that expired (410), was replaced or revoked (404) gets its
 * own screen, not an error.
 */
export function SharedListScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  usePageTitle(t('proSite.sharedLink.title'));
  const shared = useSharedList(token);
  if (shared.isPending) return <Skeleton role="status" h={160} aria-label={t('common.loading')} />;
  if (shared.isError) {
    const status = shared.error instanceof ApiError ? shared.error.status : 0;
    if (status !== 404 && status !== 410 && status !== 400) return <QueryError query={shared} />;
    const expired = status === 410;
    return (
      <Stack gap="lg">
        <PageHeader
          title={t('proSite.sharedLink.title')}
          intro={t(expired ? 'proSite.sharedLink.expiredTitle' : 'proSite.sharedLink.deadTitle')}
        />
        <Alert color="orange">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(expired ? 'proSite.sharedLink.expired' : 'proSite.sharedLink.dead')}</Text>
            <Button component={Link} to="/audience-builder" size="xs" variant="light">
              {t('proSite.sharedLink.build')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader title={t('proSite.sharedLink.title')} intro={t('proSite.sharedLink.intro')} />
      <Paper withBorder p="lg">
        <Stack gap="xs" align="flex-start">
          <Title order={3}>{shared.data.name}</Title>
          <Button
            component={Link}
            to={`/audience-builder?package=${encodePackage(shared.data.targeting_package)}`}
          >
            {t('proSite.sharedLink.open')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
