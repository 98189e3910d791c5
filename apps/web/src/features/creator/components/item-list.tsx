import { Group, Text } from '@mantine/core';
import type { LabelItem, TargetingPackage, TermItem } from '@murmur/core/targeting';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SetIcon } from '@/components/set-icon';
import { useLanguage } from '@/hooks/use-language';
import { displayItemText } from '../utils/item-label';
import { itemKey, removeItem, toggleItem, type ItemField } from '../utils/package-ops';
import { ItemChip } from './item-chip';

export interface ItemListProps {
  field: ItemField;
  pkg: TargetingPackage;
  onChange: (pkg: TargetingPackage) => void;
  /** What to show beside an item (e.g. a handle's validation). */
  renderExtra?: (item: TermItem | LabelItem) => ReactNode;
  colorOf?: (item: TermItem | LabelItem) => string | undefined;
}

/** The items of one part of the package as toggle chips, each with its criterion's icon (/api/iconography/). */
export function ItemList({ field, pkg, onChange, renderExtra, colorOf }: ItemListProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const items = pkg[field] as (TermItem | LabelItem)[];
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('creator.noneYet')}
      </Text>
    );
  }
  return (
    <Group gap="xs" aria-label={t('creator.selectedItems')} role="group">
      {items.map((item) => {
        const key = itemKey(item);
        return (
          <ItemChip
            key={key}
            label={displayItemText(field, item, language)}
            selected={item.deselected !== true}
            color={colorOf?.(item)}
            icon={<SetIcon criterion={field} size={12} />}
            onToggle={() => onChange(toggleItem(pkg, field, key))}
            onRemove={() => onChange(removeItem(pkg, field, key))}
          >
            {renderExtra?.(item)}
          </ItemChip>
        );
      })}
    </Group>
  );
}
