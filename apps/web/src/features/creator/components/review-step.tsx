import { Alert, Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TargetingPackage } from '@murmur/core/targeting';
import { isTargetingPackageNonEmpty } from '@murmur/core/targeting';
import { useTranslation } from 'react-i18next';
import type { Exclusion } from '../utils/draft';
import { PackageSummary } from './package-summary';

export const NAME_MAX = 200;

export interface ReviewStepProps {
  name: string;
  onNameChange: (name: string) => void;
  pkg: TargetingPackage;
  /** Saved audiences left out of this one. */
  exclusions?: Exclusion[];
  canSave: boolean;
  saveError: string | null;
}

/**
 * The last step: a name, and the package as it will be saved (deselected items struck through), each
 * criterion with its icon of the set (/api/iconography/).
 */
export function ReviewStep({
  name,
  onNameChange,
  pkg,
  exclusions = [],
  canSave,
  saveError,
}: ReviewStepProps) {
  const { t } = useTranslation();
  const empty = !isTargetingPackageNonEmpty(pkg);
  const tooLong = name.length > NAME_MAX;
  return (
    <Stack gap="md">
      <TextInput
        label={t('creator.review.name')}
        description={t('creator.review.nameHint')}
        value={name}
        onChange={(event) => onNameChange(event.currentTarget.value)}
        error={
          // SPEC §5 "must be less than N characters": NAME_MAX itself is still accepted.
          tooLong ? t('validation.max', { field: t('creator.review.name'), count: NAME_MAX + 1 }) : undefined
        }
        required
        disabled={!canSave}
      />
      {/* SPEC §8: an empty package is refused with a toast when it is submitted. */}
      {!empty && <PackageSummary pkg={pkg} label={t('creator.review.summary')} />}
      {exclusions.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="creator-review-exclusions">
            {t('creator.exclusions.review')}
          </Text>
          <Group gap={4} role="list" aria-labelledby="creator-review-exclusions">
            {exclusions.map((e) => (
              <Badge key={e.id} role="listitem" variant="outline" color="red.9" tt="none">
                {e.name}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}
      {!canSave && (
        <Alert color="blue" role="note" title={t('creator.access.title')}>
          {t('creator.access.body')}
        </Alert>
      )}
      {saveError !== null && (
        <Alert color="red" role="alert">
          {saveError}
        </Alert>
      )}
    </Stack>
  );
}
