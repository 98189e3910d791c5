import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { InterestsPanel, DemographicsPanel } from '@murmur/core/insights';
import { formatLargeNumber } from '../../../lib/large-number';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar';
import { FigureView } from '@/components/figure';
import { ShareBars } from '@/components/charts';
import { useCatalogueNames } from '@/lib/catalogue-names';
import { encodePackage } from '@/lib/insights-link';
import { errorText } from '@/lib/error-text';
import { useHandleAnalysis } from '@/lib/api/handle-analysis';
import { useValidateHandle } from '@/lib/api/validate-handle';

/** The explored account: profile, its audience (followers) and what they care about. */
export function HandleSection({ handle, explicit }: { handle: string; explicit: boolean }) {
  const { t } = useTranslation();
  const names = useCatalogueNames();
  const check = useValidateHandle(handle);
  const analysis = useHandleAnalysis(check.data?.valid === true ? check.data.handle : null);
  if (check.isPending) return <Skeleton h={160} />;
  if (check.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(check.error, t)}
      </Alert>
    );
  }
  if (!check.data.valid) {
    // A plain word is a topic first: only an explicit @handle says that no such account exists.
    if (!explicit) return null;
    return (
      <Alert color="gray" variant="light">
        {t('proSite.explore.noAccount', { handle })}
      </Alert>
    );
  }
  const account = check.data.account;
  const data = analysis.data;
  // The panels are the engine's (typed in @murmur/core/insights; the API leaves them open).
  const interests = data?.interests as InterestsPanel | undefined;
  const demographics = data?.demographics as DemographicsPanel | undefined;
  const hours = data?.posting_hours ?? [];
  const peak = Math.max(1, ...hours);
  return (
    <Paper withBorder p="md" aria-labelledby="explore-profile">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Group>
            <Avatar name={account?.name ?? handle} size="lg" />
            <Stack gap={0}>
              <Title order={2} size="h3" id="explore-profile">
                {account?.name ?? handle}
              </Title>
              <Text c="dimmed">@{check.data.handle}</Text>
            </Stack>
          </Group>
          <Button
            component={Link}
            to={`/audience-builder?package=${encodePackage({ handles: [{ handle: check.data.handle }] })}`}
            variant="light"
          >
            {t('proSite.explore.buildFromHandle')}
          </Button>
        </Group>
        {account?.bio && <Text size="sm">{account.bio}</Text>}
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label={t('figures.xFollowers')} value={formatLargeNumber(account?.followers_count ?? 0)} />
          <Figure
            label={t('proSite.explore.following')}
            value={formatLargeNumber(account?.following_count ?? 0)}
          />
          {data ? (
            <FigureView figure={data.followers.figure} withLabel size="lg" />
          ) : (
            <Figure label={t('figures.estimate')} value="…" />
          )}
          <Figure
            label={t('proSite.explore.verified')}
            value={account?.verified ? t('proSite.yes') : t('proSite.no')}
          />
        </SimpleGrid>
        {analysis.isPending && <Skeleton h={120} />}
        {analysis.isError && (
          <Alert color="red" role="alert">
            {errorText(analysis.error, t)}
          </Alert>
        )}
        {data && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {interests && interests.distinctive.length > 0 && (
              <ShareBars
                data={interests.distinctive}
                caption={t('proSite.explore.interests')}
                labelOf={(d) => names.name('interests', d.label)}
                limit={8}
              />
            )}
            {demographics && demographics.languages.length > 0 && (
              <ShareBars data={demographics.languages} caption={t('proSite.explore.languages')} limit={6} />
            )}
            {data.top_hashtags.length > 0 && (
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {t('proSite.explore.hashtags')}
                </Text>
                <Group gap={6}>
                  {data.top_hashtags.map((tag) => (
                    <Badge key={tag.tag} variant="light" tt="none">
                      #{tag.tag} · {tag.count}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            )}
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t('proSite.explore.postingHours')}
              </Text>
              <Group gap={2} align="flex-end" h={60} aria-hidden>
                {hours.map((count, hour) => (
                  <div
                    key={hour}
                    title={`${hour}:00 UTC · ${count}`}
                    style={{
                      width: 8,
                      height: `${(count / peak) * 100}%`,
                      minHeight: 2,
                      background: 'var(--mantine-color-indigo-5)',
                    }}
                  />
                ))}
              </Group>
            </Stack>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Stack>
  );
}
