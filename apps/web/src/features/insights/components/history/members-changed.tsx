import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MemberAccount, MembershipChanges, MembershipSide } from '@murmur/core/api';
import { formatLargeNumber } from '../../../../lib/large-number';
import { useTranslation } from 'react-i18next';
import { FigureView } from '@/components/figure';
import { errorText } from '@/lib/error-text';
import { useAudienceMembers } from '../../api/get-audience-members';
import type { AccountSummary } from '../../types';
import { AccountList } from '../account-list';

type Row = AccountSummary & { inNetwork: boolean };

/** An account of the difference as the account list shows it; one that left X keeps only its id. */
const toRow = (a: MemberAccount): Row => ({
  account: 0,
  id: a.id,
  handle: a.handle ?? '',
  name: a.name ?? '',
  followers: a.followers ?? 0,
  verified: a.verified ?? false,
  inNetwork: a.in_network,
});

function Side({ kind, side }: { kind: 'joined' | 'left'; side: MembershipSide }) {
  const { t } = useTranslation();
  const rows = side.sample.map(toRow);
  const titleId = `members-${kind}-title`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-testid={`members-${kind}`}>
      <Title order={4} size="h6" id={titleId}>
        {t(`history.members.${kind}`)}
      </Title>
      <Group gap="lg" align="flex-start" wrap="wrap">
        <FigureView figure={side.count} withLabel testId={`members-${kind}-count`} />
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('history.members.onX')}
          </Text>
          <FigureView figure={side.estimate} />
        </Stack>
      </Group>
      {rows.length > 0 && (
        <>
          {side.count.value > rows.length && (
            <Text size="xs" c="dimmed">
              {t('history.members.sampleOf', {
                shown: rows.length,
                count: formatLargeNumber(side.count.value),
              })}
            </Text>
          )}
          <AccountList
            accounts={rows}
            label={t(`history.members.${kind}List`)}
            figure={(a) =>
              // X's public count as the index last saw it: named as X's figure (docs/API.md "Figures").
              a.inNetwork ? t('figures.xFollowersShort', { value: formatLargeNumber(a.followers) }) : null
            }
            detail={(a) =>
              a.inNetwork ? null : (
                <Text size="xs" c="dimmed">
                  {t('history.members.gone', { id: a.id })}
                </Text>
              )
            }
          />
        </>
      )}
    </Stack>
  );
}

function Body({ data }: { data: MembershipChanges }) {
  const { t } = useTranslation();
  if (data.unavailable !== null || !data.joined || !data.left) {
    return (
      <Text size="sm" c="dimmed" data-testid="members-unavailable">
        {data.unavailable === 'over_cap'
          ? t('history.members.overCap', { cap: formatLargeNumber(data.cap) })
          : t('history.members.notRecorded')}
      </Text>
    );
  }
  if (data.joined.count.value === 0 && data.left.count.value === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="members-none">
        {t('history.members.none')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Side kind="joined" side={data.joined} />
      <Side kind="left" side={data.left} />
    </SimpleGrid>
  );
}

/**
 * Who joined and who left the audience between two of its days (docs/API-AUDIENCES.md "History"):
 * exact counts of indexed accounts, their estimate on X, and a sample of each side.
 */
export function MembersChanged({ configId, from, to }: { configId: number; from: string; to: string }) {
  const { t } = useTranslation();
  const members = useAudienceMembers(configId, from, to);
  return (
    <Stack gap="xs" component="section" aria-labelledby="members-title" data-testid="members-changed">
      <Title order={3} size="h5" id="members-title">
        {t('history.members.title')}
      </Title>
      {members.isPending ? (
        <Skeleton role="status" height={80} aria-label={t('common.loading')} />
      ) : members.error ? (
        <Alert color="red" role="alert" title={t('history.members.errorTitle')}>
          {errorText(members.error, t)}{' '}
          <Button size="xs" variant="light" color="red" ml="sm" onClick={() => void members.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <Body data={members.data} />
          <Text size="xs" c="dimmed">
            {t('history.members.method')}
          </Text>
        </>
      )}
    </Stack>
  );
}
