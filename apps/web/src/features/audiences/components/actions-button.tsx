import { ActionIcon } from '@mantine/core';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface ActionsButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'children' | 'color'> {
  name: string;
  ref?: Ref<HTMLButtonElement>;
}

/** The "⋯" button of a saved audience's actions menu; rendered before the menu's code is loaded too. */
export function ActionsButton({ name, ...rest }: ActionsButtonProps) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" color="gray" aria-label={t('audiences.actions.label', { name })} {...rest}>
      <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1 }}>
        ⋯
      </span>
    </ActionIcon>
  );
}
