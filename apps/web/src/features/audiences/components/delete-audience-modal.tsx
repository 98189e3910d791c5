import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AsyncButton } from '@/components/async-button';
import type { AudienceConfig } from '@murmur/core/api';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useDeleteAudienceConfig } from '@/lib/api/delete-audience-config';

export interface DeleteAudienceModalProps {
  audience: AudienceConfig | null;
  onClose: () => void;
}

/** Deleting an audience asks first; it cannot be undone. */
export function DeleteAudienceModal({ audience, onClose }: DeleteAudienceModalProps) {
  const { t } = useTranslation();
  const remove = useDeleteAudienceConfig();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={audience !== null} onClose={close} title={t('audiences.delete.title')} centered>
      {audience !== null && (
        <Stack gap="md">
          <Text>{t('audiences.delete.body', { name: audience.name })}</Text>
          {remove.isError && (
            <Alert color="red" role="alert">
              {errorText(remove.error, t)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('audiences.delete.cancel')}
            </Button>
            <AsyncButton
              color="red"
              onClick={async () => {
                try {
                  await remove.mutateAsync(audience.id);
                  notify.success(t('audiences.delete.done', { name: audience.name }));
                  close();
                } catch {
                  // Shown above.
                }
              }}
            >
              {t('audiences.delete.confirm')}
            </AsyncButton>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
