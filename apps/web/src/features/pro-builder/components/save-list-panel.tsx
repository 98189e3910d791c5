import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { isTargetingPackageNonEmpty, type TargetingPackage } from '@murmur/core/targeting';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCreateAudienceConfig } from '@/lib/api/create-audience-config';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { personalStore } from '@/lib/personal-store';

export interface SaveListPanelProps {
  pkg: TargetingPackage;
}

/** Saves the built audience to the personal store as a saved list or a targeting list (SPEC §3). */
export function SaveListPanel({ pkg }: SaveListPanelProps) {
  const { t } = useTranslation();
  const personal = useSyncExternalStore(personalStore.subscribe, personalStore.get, personalStore.get);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'saved_list' | 'targeting_list'>('saved_list');
  const create = useCreateAudienceConfig();
  const empty = !isTargetingPackageNonEmpty(pkg);

  if (personal.token === null) {
    return (
      <Alert color="blue" title={t('proSite.signInToSave')}>
        <Anchor component={Link} to="/">
          {t('proSite.signInLink')}
        </Anchor>
      </Alert>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || name.trim() === '') return;
    const sent = name;
    create.mutate(
      { name: name.trim(), targeting_package: pkg, kind },
      {
        onSuccess: (saved) => {
          notify.success(t('proSite.builder.saved', { name: saved.name }));
          setName((now) => (now === sent ? '' : now));
        },
      },
    );
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('proSite.builder.saveTitle')}
        </Title>
        <SegmentedControl
          size="xs"
          value={kind}
          onChange={(value) => setKind(value === 'targeting_list' ? 'targeting_list' : 'saved_list')}
          data={[
            { value: 'saved_list', label: t('proSite.lists.savedList') },
            { value: 'targeting_list', label: t('proSite.lists.targetingList') },
          ]}
        />
        <TextInput
          label={t('proSite.builder.listName')}
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.currentTarget.value)}
          required
        />
        {create.isError && (
          <Alert color="red" role="alert" p="xs">
            {errorText(create.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending} disabled={empty || name.trim() === ''}>
            {t('proSite.builder.save')}
          </Button>
          <Anchor component={Link} to={kind === 'saved_list' ? '/saved-lists' : '/targeting-lists'} size="sm">
            {t('proSite.builder.seeLists')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
