import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AudienceConfig, AudienceUsage } from '@murmur/core/api';
import { formatDate } from '@murmur/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { copyToClipboard } from '@/lib/clipboard';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import {
  LINK_DAYS,
  useAudienceUsages,
  useChangeUsageLink,
  usageLinkUrl,
  type LinkDays,
} from '../api/usage-share-links';

export interface UsageLinksModalProps {
  audience: AudienceConfig | null;
  onClose: () => void;
}

/**
 * The share links of an audience's uses (docs/API-AUDIENCES.md "Share links"): each time
 * the audience was applied to an ad account, its link can be shared with addresses, replaced by a new
 * one (the old stops at once) or revoked, working 7, 30 or 90 days. Recipients never see each other.
 */
export function UsageLinksModal({ audience, onClose }: UsageLinksModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={audience !== null}
      onClose={onClose}
      fullScreen={phone}
      size="lg"
      title={audience === null ? '' : t('audiences.usageLinks.title', { name: audience.name })}
    >
      {audience !== null && <UsageLinks audienceId={audience.id} />}
    </Modal>
  );
}

function UsageLinks({ audienceId }: { audienceId: number }) {
  const { t } = useTranslation();
  const usages = useAudienceUsages(audienceId);
  if (usages.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('audiences.usageLinks.loading')}</Text>
      </Group>
    );
  if (usages.isError)
    return (
      <Alert color="red" title={t('audiences.usageLinks.error')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(usages.error, t)}</Text>
          <Button size="xs" variant="default" onClick={() => void usages.refetch()}>
            {t('audiences.usageLinks.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  const live = usages.data.filter((u) => !u.deleted);
  if (live.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('audiences.usageLinks.empty')}
      </Text>
    );
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('audiences.usageLinks.intro')}
      </Text>
      {live.map((usage) => (
        <UsageLinkCard key={usage.id} usage={usage} />
      ))}
    </Stack>
  );
}

function UsageLinkCard({ usage }: { usage: AudienceUsage }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [days, setDays] = useState<LinkDays>(30);
  const [emails, setEmails] = useState<string[]>([]);
  /** The link made last here: its signature is answered once, when made. */
  const [made, setMade] = useState<string | null>(null);
  const change = useChangeUsageLink();
  const pending = change.isPending ? change.variables.step : null;
  const expires = usage.share_expires_at;
  const link = made === null ? null : usageLinkUrl(`${usage.id}.${made}`);
  const onDone = (message: string) => (result: { madeCode: string | null }) => {
    setMade(result.madeCode);
    notify.success(message);
  };
  const titleId = `usage-link-${usage.id}`;
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Text fw={500} size="sm" id={titleId}>
          {t('audiences.usageLinks.usage', {
            account: usage.ad_account_id || '—',
            date: formatDate(usage.created, language),
          })}
        </Text>
        <Text size="sm" c={expires === null ? 'dimmed' : undefined}>
          {expires === null
            ? t('audiences.usageLinks.noLink')
            : t('audiences.usageLinks.until', { date: formatDate(expires, language) })}
          {' · '}
          {t('audiences.usageLinks.recipients', { count: usage.shared_with.length })}
        </Text>
        {link !== null && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('audiences.usageLinks.code')}
              description={t('audiences.usageLinks.codeHelp')}
              value={link}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button
              variant="default"
              onClick={() => void copyToClipboard(link, { successMessage: t('audiences.usageLinks.copied') })}
            >
              {t('audiences.usageLinks.copy')}
            </Button>
          </Group>
        )}
        <Select
          label={t('audiences.usageLinks.days')}
          value={String(days)}
          onChange={(value) => setDays(value === '7' ? 7 : value === '90' ? 90 : 30)}
          data={LINK_DAYS.map((d) => ({
            value: String(d),
            label: t('audiences.usageLinks.dayCount', { count: d }),
          }))}
          allowDeselect={false}
        />
        <TagsInput
          label={t('audiences.usageLinks.shareWith')}
          description={t('audiences.usageLinks.shareHelp')}
          value={emails}
          onChange={setEmails}
          maxTags={50}
          splitChars={[',', ' ', ';']}
        />
        <Group gap="xs">
          <Button
            size="xs"
            disabled={emails.length === 0}
            loading={pending === 'share'}
            onClick={() => {
              const sent = emails;
              change.mutate(
                { step: 'share', usageId: usage.id, addresses: sent, lifetime: days },
                {
                  onSuccess: (result) => {
                    // Addresses added while these were being shared stay.
                    setEmails((now) => (now === sent ? [] : now));
                    onDone(t('audiences.usageLinks.shared', { count: sent.length }))(result);
                  },
                },
              );
            }}
          >
            {t('audiences.usageLinks.share')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={pending === 'rotate'}
            onClick={() =>
              change.mutate(
                { step: 'rotate', usageId: usage.id, lifetime: days },
                { onSuccess: onDone(t('audiences.usageLinks.rotated')) },
              )
            }
          >
            {t('audiences.usageLinks.rotate')}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red.9"
            disabled={expires === null}
            loading={pending === 'revoke'}
            onClick={() =>
              change.mutate(
                { step: 'revoke', usageId: usage.id },
                { onSuccess: onDone(t('audiences.usageLinks.revoked')) },
              )
            }
          >
            {t('audiences.usageLinks.revoke')}
          </Button>
        </Group>
        {change.isError && (
          <Text c="red.9" size="sm" role="alert">
            {errorText(change.error, t)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
