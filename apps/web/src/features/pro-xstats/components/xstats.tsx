import { Badge, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { countryByCode } from '@murmur/core/countries';
import { formatPercent } from '@murmur/core/format';
import { formatLargeNumber } from '../../../lib/large-number';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FigureView } from '@/components/figure';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { useCatalogueNames } from '@/lib/catalogue-names';
import { countryName, languageName } from '@/lib/locale-names';
import { useXstats } from '../api/get-xstats';

export interface XstatsProps {
  /** ISO 3166-1 alpha-2 from the route (/xstats/:country?), or undefined for the whole network. */
  country: string | undefined;
}

const pct = (share: number) => formatPercent(share, { fromFraction: true });

const genderLabel = (key: string, t: TFunction) =>
  key === 'MALE'
    ? t('proSite.xstats.male')
    : key === 'FEMALE'
      ? t('proSite.xstats.female')
      : t('proSite.xstats.otherGender');

/** SPEC §2 /xstats/:country?: how the network is used, overall or in one country. */
export function Xstats({ country }: XstatsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const names = useCatalogueNames();
  const navigate = useNavigate();
  const code = country?.toUpperCase();
  const place = code === undefined ? t('proSite.xstats.world') : countryName(code, language);
  usePageTitle(`${t('screens.xstats')} · ${place}`);
  const stats = useXstats(code);
  // The picker lists the network's countries (from the whole network's figures).
  const network = useXstats(undefined);
  const options = (network.data?.countries ?? [])
    .filter((c) => countryByCode(c.code) !== undefined)
    .map((c) => ({ value: c.code, label: countryName(c.code, language) }));
  const data = stats.data;
  const change = data?.growth.change ?? null;

  return (
    <Stack gap="lg">
      <PageHeader title={`${t('screens.xstats')}: ${place}`} intro={t('proSite.xstats.intro')} />
      <Select
        label={t('proSite.xstats.country')}
        placeholder={t('proSite.xstats.world')}
        data={options}
        value={code ?? null}
        onChange={(value) => void navigate(value === null ? '/xstats' : `/xstats/${value}`)}
        searchable
        clearable
        maw={360}
      />
      {stats.isPending && <Skeleton h={260} />}
      {stats.isError && <QueryError query={stats} />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Paper withBorder p="md" data-testid="xstats-accounts">
              <Text size="xs" c="dimmed">
                {t('proSite.xstats.accounts')}
              </Text>
              <FigureView figure={data.accounts_figure} size="lg" />
            </Paper>
            <Figure label={t('proSite.xstats.shareOfNetwork')} value={pct(data.share_of_network)} />
            <Figure
              label={t('proSite.xstats.medianFollowers')}
              value={formatLargeNumber(data.median_followers)}
            />
            <Paper withBorder p="md">
              <Text size="xs" c="dimmed">
                {t('proSite.xstats.growth')}
              </Text>
              <Text fz={24} fw={700} c={change === null ? undefined : change >= 0 ? 'teal.7' : 'red.7'}>
                {change === null ? '—' : `${change >= 0 ? '+' : ''}${pct(change)}`}
              </Text>
              <Text size="xs" c="dimmed">
                {t('proSite.xstats.weeklyPosts', {
                  latest: formatLargeNumber(data.growth.latest_week_posts),
                  previous: formatLargeNumber(data.growth.previous_week_posts),
                })}
              </Text>
            </Paper>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ShareTable
              title={t('proSite.xstats.languages')}
              rows={data.languages.map((s) => ({
                key: s.key,
                label: languageName(s.key, s.label, language),
                share: s.share,
              }))}
            />
            <ShareTable
              title={t('proSite.xstats.topInterests')}
              rows={data.top_interests.map((s) => ({
                ...s,
                label: names.name('interests', s.label),
                extra: s.affinity === null ? '' : `×${s.affinity.toFixed(1)}`,
              }))}
            />
            <ShareTable
              title={t('proSite.xstats.gender')}
              rows={data.gender.map((s) => ({ ...s, label: genderLabel(s.key, t) }))}
            />
            <ShareTable title={t('proSite.xstats.ages')} rows={data.age_bands} />
          </SimpleGrid>
          {code === undefined && (
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="xs">
                {t('proSite.xstats.countries')}
              </Title>
              <Group gap={6}>
                {data.countries.map((c) => (
                  <Badge
                    key={c.code}
                    variant="light"
                    component="button"
                    type="button"
                    style={{ cursor: 'pointer' }}
                    onClick={() => void navigate(`/xstats/${c.code}`)}
                    tt="none"
                  >
                    {countryName(c.code, language)} ·{' '}
                    {t('figures.estimateWithRange', {
                      value: formatLargeNumber(c.accounts_figure.value),
                      low: formatLargeNumber(c.accounts_figure.low),
                      high: formatLargeNumber(c.accounts_figure.high),
                    })}
                  </Badge>
                ))}
              </Group>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

function ShareTable({
  title,
  rows,
}: {
  title: string;
  rows: { key: string; label: string; share: number; extra?: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('proSite.xstats.noData')}
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td ta="right">{pct(row.share)}</Table.Td>
                {row.extra !== undefined && <Table.Td ta="right">{row.extra}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
