import { Checkbox, Chip, CloseButton, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import {
  AGE_BANDS,
  AGES,
  GENDERS,
  PLACEMENTS,
  type Gender,
  type TargetingPackage,
} from '@murmur/core/targeting';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SetIcon } from '@/components/set-icon';

export interface OptionsFieldsProps {
  pkg: TargetingPackage;
  onChange: (pkg: TargetingPackage) => void;
}

/** Age (SPEC §3 minimum ages and bands), gender, placements and custom audiences. */
export function OptionsFields({ pkg, onChange }: OptionsFieldsProps) {
  const { t } = useTranslation();
  const [customName, setCustomName] = useState('');
  const gender: Gender | '' = pkg.gender[0] ?? '';
  const addCustom = () => {
    const name = customName.trim();
    if (name === '' || pkg.custom_audiences.some((item) => item.name === name)) return;
    onChange({ ...pkg, custom_audiences: [...pkg.custom_audiences, { name }] });
    setCustomName('');
  };
  const ageLabel = (value: string) =>
    value.startsWith('AGE_')
      ? t(`creator.age.${value as (typeof AGES)[number]}`)
      : t('creator.age.band', { band: value });

  return (
    <Stack gap="lg">
      <Chip.Group
        multiple
        value={pkg.age}
        onChange={(values) => onChange({ ...pkg, age: values as TargetingPackage['age'] })}
      >
        <Stack gap={6} role="group" aria-labelledby="creator-age-label">
          <Text id="creator-age-label" fw={500} size="sm">
            {t('creator.fields.age.label')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('creator.fields.age.description')}
          </Text>
          <Group gap={6}>
            {AGES.map((value) => (
              <Chip key={value} value={value} size="xs">
                {ageLabel(value)}
              </Chip>
            ))}
          </Group>
          <Group gap={6}>
            {AGE_BANDS.map((value) => (
              <Chip key={value} value={value} size="xs" variant="outline">
                {ageLabel(value)}
              </Chip>
            ))}
          </Group>
        </Stack>
      </Chip.Group>

      <Radio.Group
        label={t('creator.fields.gender.label')}
        value={gender}
        onChange={(value) => onChange({ ...pkg, gender: value === '' ? [] : [value as Gender] })}
      >
        <Group gap="md" mt={6}>
          <Radio value="" label={t('creator.gender.unset')} />
          {GENDERS.map((value) => (
            <Radio key={value} value={value} label={t(`creator.gender.${value}`)} />
          ))}
        </Group>
      </Radio.Group>

      <Checkbox.Group
        label={t('creator.fields.placements.label')}
        description={t('creator.fields.placements.description')}
        value={pkg.placements}
        onChange={(values) => onChange({ ...pkg, placements: values as TargetingPackage['placements'] })}
      >
        <Group gap="md" mt={6}>
          {PLACEMENTS.map((value) => (
            <Checkbox key={value} value={value} label={t(`creator.placements.${value}`)} />
          ))}
        </Group>
      </Checkbox.Group>

      <Stack gap={6}>
        <TextInput
          label={t('creator.fields.customAudiences.label')}
          description={t('creator.fields.customAudiences.description')}
          placeholder={t('creator.fields.customAudiences.placeholder')}
          value={customName}
          onChange={(event) => setCustomName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addCustom();
            }
          }}
        />
        <Group gap="xs">
          {pkg.custom_audiences.map((item) => (
            <Group key={item.name} gap={2} wrap="nowrap">
              <Chip checked size="sm" readOnly>
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                  <SetIcon criterion="custom_audiences" size={12} />
                  {item.name}
                </span>
              </Chip>
              <CloseButton
                size="sm"
                aria-label={t('creator.chip.remove', { label: item.name })}
                onClick={() =>
                  onChange({
                    ...pkg,
                    custom_audiences: pkg.custom_audiences.filter((c) => c.name !== item.name),
                  })
                }
              />
            </Group>
          ))}
        </Group>
      </Stack>
    </Stack>
  );
}
