import { Stack } from '@mantine/core';
import type { TargetingPackage } from '@murmur/core/targeting';
import { useTranslation } from 'react-i18next';
import { addItem, cleanHashtag } from '../utils/package-ops';
import { AutocompletePicker } from './autocomplete-picker';
import { ItemList } from './item-list';

export interface TermFieldProps {
  field: 'keywords' | 'hashtags';
  label: string;
  description: string;
  pkg: TargetingPackage;
  onChange: (pkg: TargetingPackage) => void;
}

/** Keywords or hashtags: free text, with the network's own terms suggested by prefix. */
export function TermField({ field, label, description, pkg, onChange }: TermFieldProps) {
  const { t } = useTranslation();
  const clean = (text: string) => (field === 'hashtags' ? cleanHashtag(text) : text.trim());
  return (
    <Stack gap="xs">
      <AutocompletePicker
        field={field}
        label={label}
        description={description}
        placeholder={t(`creator.fields.${field}.placeholder`)}
        clean={clean}
        optionLabel={(item) => (field === 'hashtags' ? `#${cleanHashtag(item.label)}` : item.label)}
        pick="label"
        onAdd={(value) => onChange(addItem(pkg, field, { label: value }))}
      />
      <ItemList field={field} pkg={pkg} onChange={onChange} />
    </Stack>
  );
}
