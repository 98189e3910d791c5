import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { useAdGroups } from '../api/get-ad-groups';

export interface AdGroupsListProps {
  accountId: string;
  accountName: string;
}

/** X's entity statuses as words; any other value X adds is shown as X wrote it. */
const STATUS_KEYS = {
  ACTIVE: 'xAds.adGroups.status.active',
  PAUSED: 'xAds.adGroups.status.paused',
  DRAFT: 'xAds.adGroups.status.draft',
} as const;
const isKnownStatus = (value: string): value is keyof typeof STATUS_KEYS => value in STATUS_KEYS;

/**
 * Profile settings (SPEC §2 ad groups, ads): an ad account's ad groups — X's line items — with their
 * campaign, and under each its ads (promoted posts), as X lists them now.
 */
export function AdGroupsList({ accountId, accountName }: AdGroupsListProps) {
  const { t } = useTranslation();
  const groups = useAdGroups(accountId, true);
  const status = (value: string): string => (isKnownStatus(value) ? t(STATUS_KEYS[value]) : value);

  if (groups.isPending) return <Loader role="status" size="xs" aria-label={t('common.loading')} />;
  if (groups.isError)
    return (
      <Alert color="red" role="alert">
        {errorText(groups.error, t)}
      </Alert>
    );
  if (groups.data.ad_groups.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('xAds.adGroups.empty')}
      </Text>
    );
  return (
    <Stack
      gap="sm"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={t('xAds.adGroups.listLabel', { account: accountName })}
      data-testid="ad-groups"
    >
      {groups.data.ad_groups.map((group) => (
        <li key={group.id}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={500}>
              {group.name}
            </Text>
            <Badge size="sm" variant="light" color={group.status === 'ACTIVE' ? 'teal' : 'gray'}>
              {status(group.status)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('xAds.adGroups.campaign', { name: group.campaign.name })}
          </Text>
          {group.ads.length === 0 ? (
            <Text size="xs" c="dimmed" pl="md">
              {t('xAds.adGroups.noAds')}
            </Text>
          ) : (
            <Stack
              gap={2}
              component="ul"
              pl="md"
              my={4}
              aria-label={t('xAds.adGroups.adsOf', { name: group.name })}
            >
              {group.ads.map((ad) => (
                <Text component="li" size="xs" key={ad.id}>
                  {t('xAds.adGroups.ad', { post: ad.post_id })} · {status(ad.status)}
                </Text>
              ))}
            </Stack>
          )}
        </li>
      ))}
    </Stack>
  );
}
