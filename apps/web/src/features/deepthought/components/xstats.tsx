import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { xFollowers } from '@murmur/core/sampling';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FigureView } from '@/components/figure';
import { useLanguage } from '@/hooks/use-language';
import { formatLargeNumber } from '@/lib/large-number';
import { countryName } from '@/lib/locale-names';
import { useDtXStats } from '../api/get-xstats';
import { DtScreen } from './dt-frame';
import { UsersTable } from './users-table';

/** /premium-suite/xstats/:country? — followers per country, and the followers of one country. */
export function XStatsScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { country } = useParams();
  const code = country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined;
  const stats = useDtXStats(code);
  return (
    <DtScreen
      title={t('premium.screens.xstats')}
      intro={t('deepThought.intro.xstats')}
      query={stats}
      syncedAt={(d) => d.synced_at}
    >
      {(data) => (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('deepThought.located', {
              located: formatLargeNumber(data.located),
              followers: formatLargeNumber(data.followers),
            })}
          </Text>
          {country !== undefined && code === undefined && <Text c="red">{t('deepThought.badCountry')}</Text>}
          <Group align="flex-start" grow>
            <CountryFollowers countries={data.countries} chosen={data.country} />
          </Group>
          {data.country && (
            <>
              <Text fw={600} component="h2">
                {t('deepThought.followersIn', {
                  country: countryName(data.country, language),
                })}
              </Text>
              <UsersTable users={data.accounts} />
            </>
          )}
        </Stack>
      )}
    </DtScreen>
  );
}

export interface CountryFollowersProps {
  countries: readonly { country: string; followers: number }[];
  chosen: string | null;
}

/**
 * The followers X lists for the account, by the country of their profile's location: X's figure,
 * labelled and shown as X's figures are on every screen (docs/decisions/006-sampling-model.md).
 */
export function CountryFollowers({ countries, chosen }: CountryFollowersProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Table maw={420}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('deepThought.col.country')}</Table.Th>
          <Table.Th ta="right">{t('figures.xFollowers')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {countries.map((c) => (
          <Table.Tr
            key={c.country}
            bg={c.country === chosen ? 'violet.0' : undefined}
            data-testid="dt-country"
          >
            <Table.Td>
              <Anchor component={Link} to={`/premium-suite/xstats/${c.country}`}>
                {countryName(c.country, language)}
              </Anchor>
            </Table.Td>
            <Table.Td ta="right">
              <FigureView figure={xFollowers(c.followers)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
