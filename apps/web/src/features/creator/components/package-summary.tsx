import { Badge, Group, Table } from '@mantine/core';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SetIcon } from '@/components/set-icon';
import { useLanguage } from '@/hooks/use-language';
import { displayItemText } from '../utils/item-label';
import type { ItemField } from '../utils/package-ops';

const ROWS: { field: keyof TargetingPackage; label: ParseKeys }[] = [
  { field: 'keywords', label: 'creator.fields.keywords.label' },
  { field: 'handles', label: 'creator.fields.handles.label' },
  { field: 'hashtags', label: 'creator.fields.hashtags.label' },
  { field: 'interests', label: 'creator.fields.interests.label' },
  { field: 'conversation_topics', label: 'creator.fields.conversation_topics.label' },
  { field: 'movies_tv_shows', label: 'creator.fields.movies_tv_shows.label' },
  { field: 'countries', label: 'creator.fields.countries.label' },
  { field: 'locations', label: 'creator.fields.regions.label' },
  { field: 'languages', label: 'creator.fields.languages.label' },
  { field: 'network_operators', label: 'creator.fields.network_operators.label' },
  { field: 'age', label: 'creator.fields.age.label' },
  { field: 'gender', label: 'creator.fields.gender.label' },
  { field: 'placements', label: 'creator.fields.placements.label' },
  { field: 'custom_audiences', label: 'creator.fields.customAudiences.label' },
];

/**
 * A package's criteria as a person reads them: one row per criterion with its icon of the set, each
 * item in the interface language, deselected items struck through. The creator's review step and
 * a shared usage's page (/shared-usage/:code) show it.
 */
export function PackageSummary({ pkg, label }: { pkg: TargetingPackage; label: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows = ROWS.filter((row) => pkg[row.field].length > 0);
  const valueText = (field: keyof TargetingPackage, value: unknown): string => {
    if (typeof value === 'string') {
      if (field === 'gender') return t(`creator.gender.${value as 'ANY'}`);
      if (field === 'placements') return t(`creator.placements.${value as 'replies'}`);
      return value.startsWith('AGE_') ? t(`creator.age.${value as 'AGE_ANY'}`) : value;
    }
    if (field === 'custom_audiences') return (value as { name: string }).name;
    return displayItemText(field as ItemField, value as { label?: string }, language);
  };
  return (
    <Table aria-label={label} withRowBorders>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.field}>
            {/* On a phone the criterion's name takes a narrow column (and may wrap), leaving the items room. */}
            <Table.Th w={{ base: 104, sm: 200 }} fw={500}>
              <Group gap={6} wrap="wrap">
                <SetIcon criterion={row.field} />
                {t(row.label)}
              </Group>
            </Table.Th>
            <Table.Td>
              <Group gap={4}>
                {(pkg[row.field] as unknown[]).map((value, index) => {
                  const off =
                    typeof value === 'object' &&
                    value !== null &&
                    (value as { deselected?: boolean }).deselected === true;
                  return (
                    <Badge
                      key={index}
                      variant={off ? 'outline' : 'light'}
                      color={off ? 'gray' : undefined}
                      tt="none"
                      td={off ? 'line-through' : undefined}
                      title={off ? t('creator.review.deselected') : undefined}
                    >
                      {valueText(row.field, value)}
                    </Badge>
                  );
                })}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
