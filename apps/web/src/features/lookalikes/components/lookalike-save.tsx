import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { LookalikePercentValue, LookalikeResult, SaveLookalike } from '@murmur/core/api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText, fieldError } from '@/lib/error-text';
import { useSaveLookalike } from '../api/save-lookalike';

export interface LookalikeSaveProps {
  request: Pick<SaveLookalike, 'seed' | 'country'>;
  sizes: LookalikeResult['sizes'];
  defaultName: string;
  teamSlug: string;
  /** My audiences, where the saved lookalike is uploaded to X like any other audience. */
  audiencesPath: string;
}

/** "Save as audience": one size of the lookalike becomes a saved audience of the team. */
export function LookalikeSave({ request, sizes, defaultName, teamSlug, audiencesPath }: LookalikeSaveProps) {
  const { t } = useTranslation();
  const offered = sizes.filter((s) => s.sample_count > 0);
  const [size, setSize] = useState<LookalikePercentValue>(offered[0]?.percent ?? 1);
  const [name, setName] = useState(defaultName);
  const save = useSaveLookalike();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ ...request, size, name, team: teamSlug });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit}>
      <Title order={2} size="h3" mb="xs">
        {t('lookalikes.save.title')}
      </Title>
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} id="lookalike-save-size">
            {t('lookalikes.save.size')}
          </Text>
          <SegmentedControl
            aria-labelledby="lookalike-save-size"
            value={String(size)}
            onChange={(value) => setSize(Number(value) as LookalikePercentValue)}
            data={offered.map((s) => ({
              value: String(s.percent),
              label: t('lookalikes.sizes.percent', { percent: s.percent }),
            }))}
          />
        </div>
        <TextInput
          label={t('lookalikes.save.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          required
          maxLength={200}
          error={fieldError(save.error, 'name')}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={name.trim() === ''}>
            {t('lookalikes.save.action')}
          </Button>
        </Group>
        {save.isError && fieldError(save.error, 'name') === null && (
          <Alert color="red" role="alert">
            {errorText(save.error, t)}
          </Alert>
        )}
        {save.isSuccess && (
          <Alert color="green" role="status" title={t('lookalikes.save.saved', { name: save.data.name })}>
            <Text size="sm">
              {t('lookalikes.save.uploadHint')}{' '}
              <Anchor component={Link} to={audiencesPath}>
                {t('lookalikes.toAudiences')}
              </Anchor>
            </Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
