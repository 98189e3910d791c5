import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldError } from '@/lib/error-text';
import { useDeleteAccount } from '../api/delete-account';

export interface DeleteAccountModalProps {
  email: string;
  opened: boolean;
  onClose: () => void;
}

/** The confirmation of account deletion: the user types their own address. */
export function DeleteAccountModal({ email, opened, onClose }: DeleteAccountModalProps) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await remove.mutateAsync(typed.trim());
    } catch (failure) {
      setError(fieldError(failure, 'email') ?? errorText(failure, t));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('credentials.deleteTitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('credentials.deleteRules')}</Text>
          <Text size="sm">{t('credentials.deleteConfirmHint', { email })}</Text>
          <TextInput
            label={t('credentials.deleteConfirmLabel')}
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            data-autofocus
          />
          {error !== null && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('credentials.cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={remove.isPending}>
              {t('credentials.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
