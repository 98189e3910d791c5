import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { HandleSection } from './handle-section';
import { TopicSection } from './topic-section';

export interface ProExploreProps {
  /** The explored handle or topic (the route's :name), or undefined for the empty screen. */
  name: string | undefined;
  /** The path the route was reached by (/explore, /xplore, /analyze): a new search stays on it. */
  basePath: string;
}

const HANDLE = /^@?[A-Za-z0-9_]{1,50}$/;

/** SPEC §2 /explore/:name: a handle's profile and audience, and a topic's posts with their sentiment. */
export function ProExplore({ name, basePath }: ProExploreProps) {
  const { t } = useTranslation();
  const explored = name?.trim() ?? '';
  usePageTitle(explored === '' ? t('screens.explore') : `${explored} · ${t('screens.explore')}`);
  const navigate = useNavigate();
  const [text, setText] = useState(explored);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value !== '') void navigate(`${basePath}/${encodeURIComponent(value)}`);
  };
  const handle = HANDLE.test(explored) ? explored.replace(/^@/, '') : null;
  const topic = explored.replace(/^[@#]/, '');

  return (
    <Stack gap="lg">
      <PageHeader title={t('screens.explore')} intro={t('proSite.explore.intro')} />
      <Paper withBorder p="md" component="form" onSubmit={submit} role="search">
        <Group align="flex-end">
          <TextInput
            label={t('proSite.explore.label')}
            placeholder={t('proSite.explore.placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={200}
            style={{ flex: 1 }}
          />
          <Button type="submit" disabled={text.trim() === ''}>
            {t('proSite.explore.submit')}
          </Button>
        </Group>
      </Paper>
      {explored === '' ? (
        <Alert color="gray" variant="light">
          <Text size="sm">{t('proSite.explore.empty')}</Text>
        </Alert>
      ) : (
        <>
          {handle !== null && <HandleSection handle={handle} explicit={explored.startsWith('@')} />}
          <TopicSection topic={topic} />
        </>
      )}
    </Stack>
  );
}
