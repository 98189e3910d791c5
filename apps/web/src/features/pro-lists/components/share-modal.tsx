import { Button, Group, Modal, SegmentedControl, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import type { AudienceConfig } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useShareList } from '../api/share-list';
import { useShareViaAccount } from '../api/share-via-account';
import { ShareLinkControls, type LinkDays } from './share-link-controls';

export interface ShareModalProps {
  list: AudienceConfig;
  opened: boolean;
  onClose: () => void;
}

/**
 * Share a list (SPEC §7 audience configs share and share-via-account): by mail, as a link that opens
 * it in the builder; or with an account, which gets its own copy in its lists.
 */
export function ShareModal({ list, opened, onClose }: ShareModalProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'mail' | 'account'>('mail');
  const [emails, setEmails] = useState<string[]>([]);
  const [account, setAccount] = useState('');
  const [days, setDays] = useState<LinkDays>(30);
  const byMail = useShareList();
  const byAccount = useShareViaAccount();
  const current = mode === 'mail' ? byMail : byAccount;
  const close = () => {
    byMail.reset();
    byAccount.reset();
    onClose();
  };
  const send = () => {
    if (mode === 'mail') {
      byMail.mutate(
        { audience_config_id: list.id, emails, expires_in_days: days },
        {
          onSuccess: (result) => {
            notify.success(t('proSite.lists.shared', { count: result.shared_with.length }));
            setEmails([]);
            close();
          },
        },
      );
    } else {
      byAccount.mutate(
        { audience_config_id: list.id, email: account.trim() },
        {
          onSuccess: (result) => {
            notify.success(t('proSite.lists.sharedWithAccount', { email: result.shared_with[0] ?? '' }));
            setAccount('');
            close();
          },
        },
      );
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('proSite.lists.shareTitle', { name: list.name })}>
      <Stack>
        <SegmentedControl
          aria-label={t('proSite.lists.shareHow')}
          value={mode}
          onChange={(value) => setMode(value === 'account' ? 'account' : 'mail')}
          data={[
            { value: 'mail', label: t('proSite.lists.byMail') },
            { value: 'account', label: t('proSite.lists.withAccount') },
          ]}
        />
        {mode === 'mail' ? (
          <>
            <TagsInput
              label={t('proSite.lists.shareWith')}
              description={t('proSite.lists.shareHelp')}
              value={emails}
              onChange={setEmails}
              maxTags={20}
              data-autofocus
            />
            <ShareLinkControls listId={list.id} days={days} onDays={setDays} />
          </>
        ) : (
          <TextInput
            type="email"
            label={t('proSite.lists.accountEmail')}
            description={t('proSite.lists.accountHelp')}
            value={account}
            onChange={(event) => setAccount(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && account.trim() !== '') send();
            }}
            data-autofocus
          />
        )}
        {current.isError && (
          <Text c="red" size="sm" role="alert">
            {errorText(current.error, t)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            loading={current.isPending}
            disabled={mode === 'mail' ? emails.length === 0 : account.trim() === ''}
            onClick={send}
          >
            {t('proSite.lists.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
