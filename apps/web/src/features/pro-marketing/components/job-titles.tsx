import { Accordion, Badge, Group, Skeleton, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useJobTitles } from '../api/get-job-titles';

/** SPEC §2 /job-title: the job-title tree (SPEC §3), searchable. */
export function JobTitles() {
  const { t } = useTranslation();
  usePageTitle(t('screens.jobTitle'));
  const titles = useJobTitles();
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const categories = (titles.data?.categories ?? [])
    .map((c) => ({
      ...c,
      titles:
        q === '' || c.name.toLowerCase().includes(q)
          ? c.titles
          : c.titles.filter((title) => title.toLowerCase().includes(q)),
    }))
    .filter((c) => c.titles.length > 0);
  return (
    <Stack gap="lg">
      <PageHeader title={t('screens.jobTitle')} intro={t('proSite.jobTitles.intro')} />
      <TextInput
        label={t('proSite.jobTitles.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      {titles.isPending && <Skeleton role="status" h={240} aria-label={t('common.loading')} />}
      {titles.isError && <QueryError query={titles} />}
      {titles.data && categories.length === 0 && <Badge color="gray">{t('table.noResults')}</Badge>}
      {categories.length > 0 && (
        <Accordion multiple variant="separated" defaultValue={q === '' ? [] : categories.map((c) => c.name)}>
          {categories.map((c) => (
            <Accordion.Item key={c.name} value={c.name}>
              <Accordion.Control>
                {c.name}{' '}
                <Badge size="xs" variant="light">
                  {c.titles.length}
                </Badge>
              </Accordion.Control>
              <Accordion.Panel>
                <Group gap={6}>
                  {c.titles.map((title) => (
                    <Badge key={title} variant="outline" tt="none">
                      {title}
                    </Badge>
                  ))}
                </Group>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
