import { Button, Menu, Text } from '@mantine/core';
import type { TargetingPackageInput } from '@murmur/core/targeting';
import { useTranslation } from 'react-i18next';
import { WORKED_EXAMPLES } from '../utils/examples';

export interface ExamplesMenuProps {
  onPick: (pkg: TargetingPackageInput, name: string) => void;
}

/** Worked examples: prefilled packages to start from. */
export function ExamplesMenu({ onPick }: ExamplesMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={320} withinPortal>
      <Menu.Target>
        <Button variant="default">{t('creator.examples.button')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {WORKED_EXAMPLES.map((example) => (
          <Menu.Item key={example.id} onClick={() => onPick(example.pkg, t(example.title))}>
            <Text size="sm" fw={500}>
              {t(example.title)}
            </Text>
            <Text size="xs" c="dimmed">
              {t(example.description)}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
