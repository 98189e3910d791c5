import { Avatar as MantineAvatar, Group, Loader, Stack, Text } from '@mantine/core';
import { formatLargeNumber } from '../../../lib/large-number';
import { MAX_HANDLES, type TargetingPackage, type TermItem } from '@murmur/core/targeting';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/avatar';
import { useValidateHandle } from '@/lib/api/validate-handle';
import { addItem, cleanHandle } from '../utils/package-ops';
import { AutocompletePicker } from './autocomplete-picker';
import { FollowerFetchLine } from './follower-fetch-line';
import { ItemList } from './item-list';

/** A handle's check against the network: its avatar, name and followers, or "not found". */
export function HandleStatus({ handle, teamSlug }: { handle: string; teamSlug?: string | undefined }) {
  const { t } = useTranslation();
  const check = useValidateHandle(handle);
  if (check.isPending)
    return <Loader role="status" size={12} ml={6} aria-label={t('creator.handles.checking', { handle })} />;
  if (check.isError) {
    return (
      <Text span size="xs" c="orange.9" ml={6}>
        {t('creator.handles.checkFailed')}
      </Text>
    );
  }
  const account = check.data.account;
  if (!check.data.valid || account === null) {
    return (
      <>
        <Text span size="xs" c="red.7" fw={600} ml={6}>
          {t('creator.handles.notFound')}
        </Text>
        {teamSlug !== undefined && <FollowerFetchLine teamSlug={teamSlug} handle={handle} />}
      </>
    );
  }
  return (
    <Group
      component="span"
      gap={4}
      ml={6}
      wrap="nowrap"
      style={{ display: 'inline-flex', verticalAlign: 'middle', whiteSpace: 'nowrap' }}
    >
      {account.avatar_url ? (
        <MantineAvatar src={account.avatar_url} size={18} radius={999} alt="" />
      ) : (
        <Avatar name={account.name || account.handle} size={18} />
      )}
      <Text span size="xs">
        {account.name}
      </Text>
      <Text span size="xs" c="dimmed">
        {t('figures.xFollowers')} {formatLargeNumber(account.followers_count)}
      </Text>
    </Group>
  );
}

export interface HandlesFieldProps {
  pkg: TargetingPackage;
  onChange: (pkg: TargetingPackage) => void;
  /** The creator's team: a handle the index has not seen can then be read from X on a live deployment. */
  teamSlug?: string;
}

/** Handles (people who follow or resemble these accounts), each checked against the network. */
export function HandlesField({ pkg, onChange, teamSlug }: HandlesFieldProps) {
  const { t } = useTranslation();
  const selected = pkg.handles.filter((item) => item.deselected !== true).length;
  return (
    <Stack gap="xs">
      <AutocompletePicker
        field="handles"
        label={t('creator.fields.handles.label')}
        description={t('creator.fields.handles.description')}
        placeholder={t('creator.fields.handles.placeholder')}
        clean={cleanHandle}
        optionLabel={(item) => `@${cleanHandle(item.value)}`}
        pick="value"
        onAdd={(handle) => onChange(addItem(pkg, 'handles', { handle }))}
      />
      <ItemList
        field="handles"
        pkg={pkg}
        onChange={onChange}
        renderExtra={(item) => (
          <HandleStatus handle={(item as TermItem).handle ?? item.label ?? ''} teamSlug={teamSlug} />
        )}
      />
      {selected > MAX_HANDLES && (
        // SPEC §8: more than 100 handles selected — only the first 100 are applied.
        <Text size="sm" c="orange.9" role="alert">
          {t('creator.handles.tooMany', { max: MAX_HANDLES })}
        </Text>
      )}
    </Stack>
  );
}
