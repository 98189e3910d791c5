import { Alert, Anchor, Badge, Button, Paper, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '@murmur/core/format';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FigureView } from '@/components/figure';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { personalStore } from '@/lib/personal-store';
import { useAudienceConfigsOfKind } from '@/lib/api/get-audience-configs';
import { ListActions } from './list-actions';
import { ShareOffersPanel } from './share-offers-panel';

export interface ListsScreenProps {
  kind: 'saved_list' | 'targeting_list';
}

/** SPEC §2 /saved-lists and /targeting-lists: the signed-in user's lists of one kind (SPEC §3). */
export function ListsScreen({ kind }: ListsScreenProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = kind === 'saved_list' ? t('screens.savedLists') : t('screens.targetingLists');
  usePageTitle(title);
  const personal = useSyncExternalStore(personalStore.subscribe, personalStore.get, personalStore.get);
  const signedIn = personal.token !== null;
  const lists = useAudienceConfigsOfKind(kind, signedIn);
  const intro = kind === 'saved_list' ? t('proSite.lists.savedIntro') : t('proSite.lists.targetingIntro');
  return (
    <Stack gap="lg">
      <PageHeader title={title} intro={intro} />
      <ShareOffersPanel enabled={signedIn} />
      {!signedIn ? (
        <Alert color="blue" title={t('proSite.signInForMore')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('proSite.lists.signedOut')}</Text>
            <Button component={Link} to="/" size="xs" variant="light">
              {t('proSite.signInLink')}
            </Button>
          </Stack>
        </Alert>
      ) : lists.isPending ? (
        <Skeleton role="status" h={180} aria-label={t('common.loading')} />
      ) : lists.isError ? (
        <QueryError query={lists} />
      ) : lists.data.results.length === 0 ? (
        <Paper withBorder p="lg">
          <Stack gap="xs" align="flex-start">
            <Text>{t('proSite.lists.empty')}</Text>
            <Button component={Link} to="/audience-builder">
              {t('proSite.lists.build')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <ScrollArea>
          <Table striped withTableBorder miw={760}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('proSite.lists.name')}</Table.Th>
                <Table.Th ta="right">{t('figures.estimate')}</Table.Th>
                <Table.Th>{t('proSite.lists.modified')}</Table.Th>
                <Table.Th>{t('proSite.lists.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lists.data.results.map((list) => (
                <Table.Tr key={list.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/targeting-lists/${list.id}`}>
                      {list.name}
                    </Anchor>{' '}
                    {list.is_super_insights && (
                      <Badge size="xs" variant="light">
                        {t('proSite.lists.superInsights')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <FigureView figure={list.size_figure} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(list.modified, language)}</Table.Td>
                  <Table.Td>
                    <ListActions list={list} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
