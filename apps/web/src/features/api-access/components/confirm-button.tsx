import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

export interface ConfirmButtonProps {
  label: string;
  title: string;
  body: string;
  /** Accessible name of the button when the label alone is ambiguous in a list. */
  ariaLabel?: string;
  loading?: boolean;
  onConfirm: () => void;
}

/** A destructive action behind a confirmation dialog (focus moves into it; Escape cancels). */
export function ConfirmButton({ label, title, body, ariaLabel, loading, onConfirm }: ConfirmButtonProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="xs" color="red" variant="light" onClick={open} aria-label={ariaLabel} loading={loading}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        <Stack>
          <Text size="sm">{body}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('apiAccess.keys.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                close();
                onConfirm();
              }}
            >
              {label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
