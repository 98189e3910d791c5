import {
  Alert,
  Avatar as MantineAvatar,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { formatLargeNumber } from '../../../lib/large-number';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/avatar';
import { FigureView } from '@/components/figure';
import { useCatalogueNames } from '@/lib/catalogue-names';
import { errorText } from '@/lib/error-text';
import { useAnalyseHandle } from '@/lib/api/handle-analysis';
import { cleanHandle } from '../utils/package-ops';

export interface HandleAnalysisPanelProps {
  /** Adds the analysed handle to the audience. */
  onUseHandle: (handle: string) => void;
}

/** How many interests and hashtags are shown. */
const MAX_LABELS = 8;

/** Labels of an engine panel (the API leaves its shape open): a list of {label|name|key|term, …}. */
const labelsOf = (value: unknown, max = MAX_LABELS): string[] => {
  // A list, or a panel object holding its list ({ basis, interests: [...] }).
  const list: unknown[] = Array.isArray(value)
    ? value
    : value !== null && typeof value === 'object'
      ? ((Object.values(value).find((entry) => Array.isArray(entry)) as unknown[] | undefined) ?? [])
      : [];
  return list
    .map((entry: unknown) => {
      if (typeof entry === 'string') return entry;
      if (entry === null || typeof entry !== 'object') return '';
      const record = entry as Record<string, unknown>;
      const text = record.label ?? record.name ?? record.term ?? record.tag ?? record.hashtag ?? record.key;
      return typeof text === 'string' ? text : '';
    })
    .filter((text) => text !== '')
    .slice(0, max);
};

/** "Analyse a handle": who follows an account — size, interests, hashtags, when they post. */
export function HandleAnalysisPanel({ onUseHandle }: HandleAnalysisPanelProps) {
  const { t } = useTranslation();
  const [handle, setHandle] = useState('');
  const analysis = useAnalyseHandle();
  const names = useCatalogueNames();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = cleanHandle(handle);
    if (value !== '') analysis.mutate(value);
  };
  const data = analysis.data;
  const peak = data ? Math.max(1, ...data.posting_hours) : 1;

  return (
    <Stack gap="sm">
      <form onSubmit={submit}>
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('creator.analysis.handle')}
            placeholder="@handle"
            value={handle}
            onChange={(event) => setHandle(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={analysis.isPending} disabled={cleanHandle(handle) === ''}>
            {t('creator.analysis.analyse')}
          </Button>
        </Group>
      </form>
      {analysis.isError && (
        <Alert color="red" role="alert">
          {errorText(analysis.error, t)}
        </Alert>
      )}
      {data && (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="sm">
            <Group gap="sm">
              {data.account.avatar_url ? (
                <MantineAvatar src={data.account.avatar_url} radius={999} alt="" />
              ) : (
                <Avatar name={data.account.name || data.account.handle} />
              )}
              <Stack gap={0}>
                <Text fw={600}>{data.account.name}</Text>
                <Text size="sm" c="dimmed">
                  @{data.account.handle} · {t('figures.xFollowers')}{' '}
                  {formatLargeNumber(data.account.followers_count)}
                </Text>
              </Stack>
            </Group>
            <FigureView figure={data.followers.figure} withLabel size="lg" />
            {labelsOf(data.interests).length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('creator.analysis.interests')}
                </Text>
                <Group gap={4}>
                  {labelsOf(data.interests).map((label) => (
                    <Badge key={label} variant="light" tt="none">
                      {names.name('interests', label)}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            )}
            {data.top_hashtags.length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('creator.analysis.hashtags')}
                </Text>
                <Group gap={4}>
                  {data.top_hashtags.slice(0, MAX_LABELS).map(({ tag }) => (
                    <Badge key={tag} variant="outline" tt="none">
                      #{tag.replace(/^#/, '')}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            )}
            {data.posting_hours.length === 24 && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('creator.analysis.hours')}
                </Text>
                <Group gap={2} align="flex-end" h={40} aria-hidden="true">
                  {data.posting_hours.map((value, hour) => (
                    <div
                      key={hour}
                      title={`${hour}:00`}
                      style={{
                        width: 8,
                        height: Math.max(2, (value / peak) * 40),
                        background: 'var(--mantine-color-blue-5)',
                        borderRadius: 2,
                      }}
                    />
                  ))}
                </Group>
              </Stack>
            )}
            <Button variant="light" onClick={() => onUseHandle(data.account.handle)}>
              {t('creator.analysis.use', { handle: data.account.handle })}
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
