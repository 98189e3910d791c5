import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AlertKind } from '@murmur/core/api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldError } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useAddAlert } from '../../api/audience-alerts';

/** Adds an alert rule: what to watch, the threshold, and where to be told (mail, a webhook or both). */
export function AlertForm({ configId }: { configId: number }) {
  const { t } = useTranslation();
  const add = useAddAlert(configId);
  const [kind, setKind] = useState<AlertKind>('size');
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const [threshold, setThreshold] = useState<number | string>(10);
  const [email, setEmail] = useState(true);
  const [webhook, setWebhook] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = webhook;
    add.mutate(
      {
        kind,
        threshold: typeof threshold === 'number' ? threshold : Number(threshold),
        email,
        webhook_url: webhook.trim() === '' ? null : webhook.trim(),
      },
      {
        onSuccess: () => {
          setWebhook((now) => (now === sent ? '' : now));
          notify.success(t('alerts.added'));
        },
      },
    );
  };

  const general =
    add.error && !['kind', 'threshold', 'email', 'webhook_url'].some((f) => fieldError(add.error, f));
  return (
    <form onSubmit={submit} aria-label={t('alerts.addTitle')}>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('alerts.addTitle')}
        </Text>
        <SegmentedControl
          // Four kinds do not fit side by side on a phone: there they stack.
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth={narrow}
          value={kind}
          onChange={(v) => setKind(v as AlertKind)}
          data={[
            { value: 'size', label: t('alerts.kinds.size') },
            { value: 'panel', label: t('alerts.kinds.panel') },
            { value: 'influential', label: t('alerts.kinds.influential') },
            { value: 'community', label: t('alerts.kinds.community') },
          ]}
          aria-label={t('alerts.kind')}
        />
        <Group gap="sm" align="flex-start" wrap="wrap">
          <NumberInput
            label={kind === 'size' ? t('alerts.thresholdSize') : t('alerts.thresholdPanel')}
            value={threshold}
            onChange={setThreshold}
            min={1}
            max={kind === 'size' ? 1000 : 100}
            w={200}
            error={fieldError(add.error, 'threshold')}
          />
          <TextInput
            label={t('alerts.webhook')}
            description={t('alerts.webhookHelp')}
            placeholder="https://example.com/hooks/murmur"
            value={webhook}
            onChange={(e) => setWebhook(e.currentTarget.value)}
            error={fieldError(add.error, 'webhook_url')}
            style={{ flex: '1 1 240px' }}
            type="url"
          />
        </Group>
        <Checkbox
          label={t('alerts.byMail')}
          checked={email}
          onChange={(e) => setEmail(e.currentTarget.checked)}
          error={fieldError(add.error, 'email')}
        />
        {general && (
          <Text size="sm" c="red" role="alert">
            {errorText(add.error, t)}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={add.isPending}>
            {t('alerts.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
