import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSummary } from '../types';
import { AccountAvatar } from './account-avatar';

export interface AccountListProps<A extends AccountSummary> {
  accounts: readonly A[];
  /** Accessible name of the list. */
  label: string;
  /** The figure shown at the right of each account. */
  figure?: (account: A) => ReactNode;
  /** A line under the name (a bio). */
  detail?: (account: A) => ReactNode;
}

/** Accounts with avatar, name, @handle (when known) and one figure each. */
export function AccountList<A extends AccountSummary>({
  accounts,
  label,
  figure,
  detail,
}: AccountListProps<A>) {
  const { t } = useTranslation();
  return (
    <Stack component="ol" gap={8} aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {accounts.map((a) => (
        <Group component="li" key={a.id || a.handle} wrap="nowrap" gap="sm" align="flex-start">
          <AccountAvatar account={a} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600} truncate="end">
              {a.name || a.handle}
              {a.verified && (
                <Text span c="blue" ml={4} role="img" aria-label={t('insights.summary.verified')}>
                  ✓
                </Text>
              )}
            </Text>
            {a.handle !== '' && (
              <Text size="xs" c="dimmed" truncate="end">
                @{a.handle}
              </Text>
            )}
            {detail?.(a)}
          </div>
          {figure !== undefined && (
            <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {figure(a)}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}
