import { Chip, CloseButton, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ItemChipProps {
  label: string;
  selected: boolean;
  onToggle: () => void;
  onRemove: () => void;
  /** Extra content after the label (a handle's followers, "not found"). */
  children?: ReactNode;
  color?: string;
  /** The criterion's icon, drawn before the label (decorative: the field's label names it). */
  icon?: ReactNode;
}

/**
 * One item of a targeting package: the chip toggles it (a deselected item stays in the package, out of
 * the audience), the cross removes it.
 */
export function ItemChip({ label, selected, onToggle, onRemove, children, color, icon }: ItemChipProps) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap" data-deselected={selected ? undefined : 'true'}>
      <Chip
        checked={selected}
        onChange={onToggle}
        size="sm"
        variant={selected ? 'filled' : 'outline'}
        color={color}
        styles={{ label: selected ? undefined : { textDecoration: 'line-through', opacity: 0.7 } }}
        title={selected ? t('creator.chip.deselect') : t('creator.chip.select')}
      >
        {icon === undefined ? (
          label
        ) : (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            {icon}
            {label}
          </span>
        )}
      </Chip>
      {children}
      <CloseButton size="sm" aria-label={t('creator.chip.remove', { label })} onClick={onRemove} />
    </Group>
  );
}
