import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { AudienceConfig } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JapaneseAgreementModal } from '@/components/japanese-agreement-modal';
import { useJapaneseAgreement } from '@/lib/api/japanese-agreement';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useTeamAccounts } from '@/lib/api/get-team-accounts';
import { useAdAccounts } from '@/lib/api/get-ad-accounts';
import { useUploadAudience } from '../api/uploaded-audiences';

export interface UploadAudienceModalProps {
  audience: AudienceConfig | null;
  team: string;
  admin: boolean;
  onClose: () => void;
}

/**
 * Upload a saved audience to one of the team's granted X ad accounts (SPEC §5): the server checks
 * the subscription and the grant; Japanese advertisers accept the agreement first (SPEC §9).
 */
export function UploadAudienceModal({ audience, team, admin, onClose }: UploadAudienceModalProps) {
  const { t } = useTranslation();
  const accounts = useTeamAccounts(audience ? team : null);
  // The names the uploader's own X account gives its ad accounts, for a grant that comes unnamed.
  const own = useAdAccounts();
  const agreement = useJapaneseAgreement(audience ? team : null);
  const upload = useUploadAudience();
  const [account, setAccount] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [agreementOpen, setAgreementOpen] = useState(false);

  const grants = (accounts.data ?? []).filter((g) => g.account.network === 'twitter');
  const options = [...new Set(grants.map((g) => g.account.account_id))].map((id) => {
    // The grant names it as its granting member's X account does; the uploader's own list may too.
    const name =
      grants.find((g) => g.account.account_id === id && g.name !== null)?.name ??
      own.data?.find((a) => a.id === id)?.name;
    return { value: id, label: name ? `${name} (${id})` : id };
  });
  const chosen = account ?? options[0]?.value ?? null;

  const close = () => {
    setError(null);
    setAccount(null);
    onClose();
  };

  /** agreed: the agreement was just accepted in this dialog, so the upload goes on at once. */
  const submit = async (agreed = false) => {
    if (!audience) return;
    if (!agreed && agreement.data?.required === true && !agreement.data.accepted) {
      setAgreementOpen(true);
      return;
    }
    setError(null);
    try {
      await upload.mutateAsync({
        audience_config: audience.id,
        team,
        ...(chosen !== null && { account_id: chosen }),
      });
      notify.success(t('xAds.upload.started'));
      close();
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };

  return (
    <>
      <Modal opened={audience !== null && !agreementOpen} onClose={close} title={t('xAds.upload.title')}>
        <Stack gap="sm">
          <Text size="sm">{t('xAds.upload.intro', { name: audience?.name ?? '' })}</Text>
          {accounts.isError && <Alert color="red">{errorText(accounts.error, t)}</Alert>}
          {accounts.data !== undefined && options.length === 0 ? (
            <Alert color="yellow">{t('xAds.upload.noAccounts')}</Alert>
          ) : (
            <Select
              label={t('xAds.upload.account')}
              data={options}
              value={chosen}
              onChange={setAccount}
              allowDeselect={false}
            />
          )}
          <Text size="xs" c="dimmed">
            {t('xAds.upload.processing')}
          </Text>
          {error !== null && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('xAds.cancel')}
            </Button>
            {/* Not before the ad accounts have loaded and one is chosen: a click while they were still
                loading sent no account and got SPEC §8's 'No ad account id provided'. */}
            <Button
              onClick={() => void submit()}
              loading={upload.isPending || accounts.isPending}
              disabled={chosen === null}
            >
              {t('xAds.upload.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <JapaneseAgreementModal
        opened={agreementOpen}
        team={team}
        canAccept={admin}
        onClose={() => setAgreementOpen(false)}
        onAccepted={() => {
          setAgreementOpen(false);
          void submit(true);
        }}
      />
    </>
  );
}
