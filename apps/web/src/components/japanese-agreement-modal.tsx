import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAcceptJapaneseAgreement } from '../lib/api/japanese-agreement';
import { errorText } from '../lib/error-text';

export interface JapaneseAgreementModalProps {
  opened: boolean;
  team: string;
  /** Only admins accept for the team; others see the terms and ask an admin. */
  canAccept: boolean;
  onClose: () => void;
  onAccepted: () => void;
}

const TERMS = ['fee', 'noCancel', 'period', 'segments', 'invoice', 'access', 'processing'] as const;

/** SPEC §1, §9: the Japanese agreement, shown before a team's first upload or application. */
export function JapaneseAgreementModal({
  opened,
  team,
  canAccept,
  onClose,
  onAccepted,
}: JapaneseAgreementModalProps) {
  const { t } = useTranslation();
  const accept = useAcceptJapaneseAgreement();
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      await accept.mutateAsync(team);
      onAccepted();
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('xAds.agreement.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('xAds.agreement.intro')}</Text>
        <List size="sm" spacing="xs" data-testid="agreement-terms">
          {TERMS.map((term) => (
            <List.Item key={term}>{t(`xAds.agreement.terms.${term}`)}</List.Item>
          ))}
        </List>
        {!canAccept && <Alert color="gray">{t('xAds.agreement.adminOnly')}</Alert>}
        {error !== null && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('xAds.cancel')}
          </Button>
          {canAccept && (
            <Button onClick={() => void submit()} loading={accept.isPending}>
              {t('xAds.agreement.accept')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
