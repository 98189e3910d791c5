import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { AudienceConfig } from '@murmur/core/api';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AsyncButton } from '@/components/async-button';
import { downloadBlob } from '@/lib/download';
import { errorText } from '@/lib/error-text';
import { encodePackage } from '@/lib/insights-link';
import { notify } from '@/lib/notifications';
import { useDeleteAudienceConfig } from '@/lib/api/delete-audience-config';
import { getTargetingPackage } from '@/lib/api/get-targeting-package';
import { ShareModal } from './share-modal';

const fileName = (name: string) =>
  `${
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'list'
  }.json`;

/** What can be done with a list: open it in the builder, download its package, share it, delete it. */
export function ListActions({ list, onDeleted }: { list: AudienceConfig; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const [sharing, share] = useDisclosure(false);
  const [deleting, del] = useDisclosure(false);
  const remove = useDeleteAudienceConfig();
  const download = async () => {
    try {
      const pkg = await getTargetingPackage(list.id);
      downloadBlob(
        new Blob([JSON.stringify(pkg, null, 2)], { type: 'application/json' }),
        fileName(list.name),
      );
    } catch (error) {
      notify.error(errorText(error, t));
    }
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        component={Link}
        to={`/audience-builder?package=${encodePackage(list.targeting_package)}`}
      >
        {t('proSite.lists.open')}
      </Button>
      <AsyncButton size="xs" variant="default" onClick={download}>
        {t('proSite.lists.download')}
      </AsyncButton>
      <Button size="xs" variant="default" onClick={share.open}>
        {t('proSite.lists.share')}
      </Button>
      {/* Text in red.9, over 5:1 on a striped table row (the subtle variant's red was 3.1–4.3:1, axe) */}
      <Button size="xs" variant="subtle" color="red" c="red.9" onClick={del.open}>
        {t('proSite.lists.delete')}
      </Button>
      <ShareModal list={list} opened={sharing} onClose={share.close} />
      <Modal opened={deleting} onClose={del.close} title={t('proSite.lists.deleteTitle')}>
        <Stack>
          <Text>{t('proSite.lists.deleteConfirm', { name: list.name })}</Text>
          {remove.isError && (
            <Text c="red" size="sm" role="alert">
              {errorText(remove.error, t)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={del.close}>
              {t('proSite.lists.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(list.id, {
                  onSuccess: () => {
                    del.close();
                    onDeleted?.();
                  },
                })
              }
            >
              {t('proSite.lists.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
