import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatLargeNumber } from '../../../../lib/large-number';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAffinity, formatShare } from '@/components/charts/format';
import { communityColour, LazyNetworkGraph } from '@/components/network-graph';
import { useCatalogueNames } from '@/lib/catalogue-names';
import { useValueLabels } from '@/features/insights/hooks/use-value-labels';
import type { EngagedAccount, InsightsReport } from '@/features/insights/types';
import { accountsText } from '@/features/insights/utils/panel-text';
import { AccountAvatar } from '../account-avatar';
import { AccountList } from '../account-list';
import { EmptyPanel, Panel } from '../panel';
import { DrawingLoader, PanelGrid } from '../panel-grid';

function EngagedAccountsPanel({ title, accounts }: { title: string; accounts: readonly EngagedAccount[] }) {
  const { t } = useTranslation();
  const figure = (a: EngagedAccount) => t('insights.byAudience', { value: formatLargeNumber(a.byAudience) });
  return (
    <Panel title={title} copyText={() => accountsText(accounts, figure)}>
      {accounts.length === 0 ? (
        <EmptyPanel />
      ) : (
        <AccountList accounts={accounts.slice(0, 10)} label={title} figure={figure} />
      )}
    </Panel>
  );
}

/** The drawn network, its communities, distinctive accounts, most liked and reposted accounts. */
export function NetworkTab({ report }: { report: InsightsReport }) {
  const { t } = useTranslation();
  const catalogue = useCatalogueNames();
  const labels = useValueLabels();
  const { network, communities: panel, influentialAccounts, engagement } = report;
  const communities = useMemo(() => panel?.communities ?? [], [panel]);
  const nodes = useMemo(
    () =>
      (network?.nodes ?? []).map((n) => ({
        handle: n.handle,
        name: n.name,
        community: n.community,
        weight: n.followersInCore,
      })),
    [network],
  );
  // The engine names a community from its interests and bio words ("Physics · Space and astronomy ·
  // telescope", or "Community 3"): named again from them in the interface language.
  const names = useMemo(
    () =>
      communities.map((c) =>
        catalogue.community({
          name: c.name,
          interests: c.interests.map((i) => i.label),
          words: c.words.map((w) => w.label),
        }),
      ),
    [communities, catalogue],
  );
  const distinctive = influentialAccounts?.distinctive.slice(0, 10) ?? [];

  return (
    <PanelGrid>
      <Panel
        title={t('insights.panels.network')}
        wide
        basis={panel?.basis}
        copyText={() =>
          accountsText(network?.nodes, (n) => names[n.community] ?? t('insights.otherCommunity'))
        }
      >
        {nodes.length === 0 ? (
          <EmptyPanel />
        ) : (
          <>
            <Text size="xs" c="dimmed" mb={4}>
              {t('insights.networkStats', {
                nodes: formatLargeNumber(panel?.nodes ?? nodes.length),
                edges: formatLargeNumber(panel?.edges ?? network?.edges.length ?? 0),
                modularity: (panel?.modularity ?? 0).toFixed(2),
              })}
            </Text>
            <Suspense fallback={<DrawingLoader label={t('insights.loadingDrawing')} />}>
              <LazyNetworkGraph
                nodes={nodes}
                edges={network?.edges ?? []}
                communityNames={names}
                label={t('insights.networkLabel', { nodes: nodes.length, communities: communities.length })}
                otherLabel={t('insights.otherCommunity')}
              />
            </Suspense>
          </>
        )}
      </Panel>
      <Panel
        title={t('insights.panels.communities')}
        wide
        basis={panel?.basis}
        copyText={() =>
          communities
            .map(
              (c, index) =>
                `${names[index] ?? c.name}\t${formatLargeNumber(c.size)}\t${formatShare(c.share)}\t${c.topAccounts.map((a) => `@${a.handle}`).join(' ')}`,
            )
            .join('\n')
        }
      >
        {communities.length === 0 ? (
          <EmptyPanel />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {communities.map((c, index) => (
              <Paper
                key={c.id}
                withBorder
                radius="sm"
                p="sm"
                style={{ borderLeft: `4px solid ${communityColour(c.id)}` }}
              >
                <Stack gap={4}>
                  <Text fw={700} size="sm">
                    {names[index] ?? c.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('insights.communitySize', {
                      size: formatLargeNumber(c.size),
                      share: formatShare(c.share),
                    })}
                  </Text>
                  {c.interests.length > 0 && (
                    <Group gap={4}>
                      {c.interests.slice(0, 3).map((i) => (
                        <Badge key={i.key} size="xs" variant="light" tt="none">
                          {labels.interest(i)}
                        </Badge>
                      ))}
                    </Group>
                  )}
                  <Group gap={6} wrap="nowrap" role="group" aria-label={t('insights.topAccounts')}>
                    {c.topAccounts.slice(0, 5).map((a) => (
                      <span key={a.id || a.handle} title={`@${a.handle}`}>
                        <AccountAvatar account={a} size={26} />
                      </span>
                    ))}
                  </Group>
                  <Text size="xs" truncate="end">
                    {c.topAccounts
                      .slice(0, 3)
                      .map((a) => `@${a.handle}`)
                      .join(' ')}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
        {panel !== undefined && panel.otherShare > 0 && (
          <Text size="xs" c="dimmed" mt="xs">
            {t('insights.otherShare', { share: formatShare(panel.otherShare) })}
          </Text>
        )}
      </Panel>
      <Panel
        title={t('insights.panels.distinctiveAccounts')}
        basis={influentialAccounts?.basis}
        copyText={() => accountsText(distinctive, (a) => formatAffinity(a.affinity))}
      >
        {distinctive.length === 0 ? (
          <EmptyPanel />
        ) : (
          <AccountList
            accounts={distinctive}
            label={t('insights.panels.distinctiveAccounts')}
            figure={(a) => (
              <>
                {formatAffinity(a.affinity)}
                <Text span size="xs" c="dimmed" display="block">
                  {formatShare(a.share)}
                </Text>
              </>
            )}
          />
        )}
      </Panel>
      <EngagedAccountsPanel
        title={t('insights.panels.mostLikedAccounts')}
        accounts={engagement?.mostLikedAccounts ?? []}
      />
      <EngagedAccountsPanel
        title={t('insights.panels.mostRepostedAccounts')}
        accounts={engagement?.mostRepostedAccounts ?? []}
      />
    </PanelGrid>
  );
}
