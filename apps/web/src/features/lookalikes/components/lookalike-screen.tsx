import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { COUNTRIES } from '@murmur/core/countries';
import { formatPercent } from '@murmur/core/format';
import type { LookalikeResult } from '@murmur/core/api';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLanguage } from '@/hooks/use-language';
import { useJob } from '@/lib/api/get-job';
import { errorText } from '@/lib/error-text';
import { useBuildLookalike } from '../api/build-lookalike';
import { useSeedAudience } from '../api/get-seed-audience';
import { LookalikeResultView } from './lookalike-result';
import { LookalikeSave } from './lookalike-save';

export interface LookalikeScreenProps {
  teamSlug: string;
}

/** `?seed=` as a saved audience id, or null. */
const seedOf = (value: string | null): number | null =>
  value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * Lookalikes (docs/API-AUDIENCES.md "Lookalikes"): from a saved audience (the seed), pick a country
 * and build; see the progress, then per size the estimate with its interval and the held-out recall
 * beside the baseline, the method, sampled accounts with their reasons, and save one size as an
 * audience (uploaded from My audiences).
 */
export function LookalikeScreen({ teamSlug }: LookalikeScreenProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params] = useSearchParams();
  const seedId = seedOf(params.get('seed'));
  const seed = useSeedAudience(seedId);
  const [country, setCountry] = useState<string | null>(null);
  const build = useBuildLookalike();
  const job = useJob<LookalikeResult>(build.data);
  const countries = useMemo(
    () => [
      { value: '', label: t('lookalikes.form.wholeNetwork') },
      ...COUNTRIES.filter((c) => c.selectable).map((c) => ({
        value: c.code,
        label: language === 'ja' ? c.nameJa : c.name,
      })),
    ],
    [language, t],
  );
  const audiencesPath = `/${encodeURIComponent(teamSlug)}/audiences`;

  if (seedId === null) {
    return (
      <Stack p="md">
        <Title order={1}>{t('lookalikes.title')}</Title>
        <Text>
          {t('lookalikes.noSeed')}{' '}
          <Anchor component={Link} to={audiencesPath}>
            {t('lookalikes.toAudiences')}
          </Anchor>
        </Text>
      </Stack>
    );
  }
  if (seed.isPending) return <Loader role="status" m="md" aria-label={t('common.loading')} />;
  if (seed.isError) {
    return (
      <Alert m="md" color="red" title={t('lookalikes.title')}>
        {errorText(seed.error, t)}
      </Alert>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    build.mutate({
      seed: { audience_config_id: seedId },
      ...(country ? { country } : {}),
      sizes: [1, 5, 10],
    });
  };
  const running =
    build.isPending || (job.data !== undefined && ['queued', 'running'].includes(job.data.state));
  const result = job.data?.state === 'done' ? job.data.result : null;
  const request = { seed: { audience_config_id: seedId }, country: country || null };

  return (
    <Stack p="md" gap="md" maw={1100}>
      <div>
        <Title order={1}>{t('lookalikes.title')}</Title>
        <Text c="dimmed">{t('lookalikes.seed', { name: seed.data.name })}</Text>
      </div>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit}>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('lookalikes.form.country')}
            description={t('lookalikes.form.countryHint')}
            data={countries}
            value={country ?? ''}
            onChange={(value) => setCountry(value || null)}
            searchable
            allowDeselect={false}
            w={{ base: '100%', sm: 320 }}
          />
          <Button type="submit" loading={running}>
            {t('lookalikes.form.build')}
          </Button>
        </Group>
      </Paper>
      {build.isError && (
        <Alert color="red" role="alert">
          {errorText(build.error, t)}
        </Alert>
      )}
      {job.data?.state === 'failed' && (
        <Alert color="red" role="alert">
          {job.data.error ?? t('lookalikes.failed')}
        </Alert>
      )}
      {running && (
        <Paper withBorder radius="md" p="md" aria-live="polite">
          <Group justify="space-between" mb={6}>
            <Text size="sm" fw={600}>
              {t('lookalikes.building')}
            </Text>
            <Text size="sm">
              {formatPercent(job.data?.progress ?? 0)} · {job.data?.stage ?? t('lookalikes.queued')}
            </Text>
          </Group>
          <Progress value={job.data?.progress ?? 0} aria-label={t('lookalikes.building')} animated striped />
        </Paper>
      )}
      {result && (
        <>
          <LookalikeResultView result={result} />
          {result.sizes.some((s) => s.sample_count > 0) && (
            <LookalikeSave
              request={request}
              sizes={result.sizes}
              defaultName={t('lookalikes.save.defaultName', { name: seed.data.name })}
              teamSlug={teamSlug}
              audiencesPath={audiencesPath}
            />
          )}
        </>
      )}
    </Stack>
  );
}
