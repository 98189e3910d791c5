import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Table,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import type { CompetitorAnalysisResult } from '@murmur/core/api';
import { xFollowers } from '@murmur/core/sampling';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FigureView } from '@/components/figure';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { useLanguage } from '@/hooks/use-language';
import { useJob } from '@/lib/api/get-job';
import { useCatalogueNames } from '@/lib/catalogue-names';
import { errorText } from '@/lib/error-text';
import { encodePackage } from '@/lib/insights-link';
import { useStartCompetitorAnalysis } from '../api/competitor-analysis';
import { summaryPdfUrl } from '../api/summary-pdf';

/** SPEC §7: 1–12 handles. */
export const MAX_COMPETITORS = 12;

/** SPEC §2 /competitor-analysis: accounts side by side, their shared followers, and the summary PDF. */
export function CompetitorAnalysis() {
  const names = useCatalogueNames();
  const { t } = useTranslation();
  usePageTitle(t('screens.competitorAnalysis'));
  const language = useLanguage();
  const [handles, setHandles] = useState<string[]>([]);
  const start = useStartCompetitorAnalysis();
  const job = useJob<CompetitorAnalysisResult>(start.data);
  const current = job.data ?? start.data;
  const result = current?.state === 'done' ? current.result : null;
  const running =
    start.isPending || (current !== undefined && current.state !== 'done' && current.state !== 'failed');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (handles.length > 0) start.mutate(handles);
  };
  return (
    <Stack gap="lg">
      <PageHeader title={t('screens.competitorAnalysis')} intro={t('proSite.competitors.intro')} />
      <Paper withBorder p="md" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <TagsInput
            label={t('proSite.competitors.handles')}
            description={t('proSite.competitors.handlesHelp', { max: MAX_COMPETITORS })}
            placeholder="@handle"
            value={handles}
            maxTags={MAX_COMPETITORS}
            onChange={(values) =>
              setHandles([...new Set(values.map((v) => v.trim().replace(/^@+/, '')).filter((v) => v !== ''))])
            }
            clearable
          />
          <Group>
            <Button type="submit" loading={running} disabled={handles.length === 0}>
              {t('proSite.competitors.analyse')}
            </Button>
            {running && current !== undefined && (
              <Text size="sm" c="dimmed">
                {t('proSite.competitors.progress', { percent: current.progress })}
              </Text>
            )}
          </Group>
          {start.isError && (
            <Alert color="red" role="alert">
              {errorText(start.error, t)}
            </Alert>
          )}
          {current?.state === 'failed' && (
            <Alert color="red" role="alert">
              {current.error ?? t('proSite.insights.failed')}
            </Alert>
          )}
        </Stack>
      </Paper>
      {result !== null && result !== undefined && current !== undefined && (
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h3">
              {t('proSite.competitors.results')}
            </Title>
            <Button component="a" href={summaryPdfUrl(current.id, language)} download variant="light">
              {t('proSite.competitors.downloadPdf')}
            </Button>
          </Group>
          <ScrollArea>
            <Table withTableBorder striped miw={640}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('proSite.competitors.account')}</Table.Th>
                  {/* X's public follower count and Murmur's estimate of the followers, each named (never an estimate under "Followers"). */}
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {t('figures.xFollowers')}
                  </Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {t('figures.estimate')}
                  </Table.Th>
                  <Table.Th>{t('proSite.competitors.interests')}</Table.Th>
                  <Table.Th>{t('proSite.competitors.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.competitors.map((c) => (
                  <Table.Tr key={c.handle}>
                    <Table.Td>
                      <Anchor component={Link} to={`/explore/${encodeURIComponent(c.handle)}`}>
                        @{c.handle}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {c.account.name}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <FigureView figure={xFollowers(c.account.followers_count)} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <FigureView figure={c.followers.figure} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {c.top_interests.slice(0, 4).map((i) => (
                          <Badge key={i.value} variant="light" size="sm" tt="none">
                            {names.name('interests', i.label)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        size="sm"
                        to={`/audience-builder?package=${encodePackage({ handles: [{ handle: c.handle }] })}`}
                      >
                        {t('proSite.competitors.build')}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {result.competitors.length > 1 && (
            <Paper withBorder p="md">
              <Title order={3} size="h4" mb="xs">
                {t('proSite.competitors.overlap')}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {t('proSite.competitors.overlapHelp')}
              </Text>
              <ScrollArea>
                <Table withColumnBorders miw={480}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('proSite.competitors.actions')}</Table.Th>
                      {result.competitors.map((c) => (
                        <Table.Th key={c.handle} ta="right">
                          @{c.handle}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.competitors.map((row) => (
                      <Table.Tr key={row.handle}>
                        <Table.Th>@{row.handle}</Table.Th>
                        {result.competitors.map((col) => {
                          const shared = row.overlap_figures[col.handle];
                          return (
                            <Table.Td key={col.handle} ta="right">
                              {col.handle === row.handle || shared === undefined ? (
                                '—'
                              ) : (
                                <FigureView figure={shared} />
                              )}
                            </Table.Td>
                          );
                        })}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </Paper>
          )}
        </Stack>
      )}
    </Stack>
  );
}
