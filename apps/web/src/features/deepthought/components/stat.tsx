import { Stack, Text } from '@mantine/core';
import { formatLargeNumber } from '../../../lib/large-number';

export function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {typeof value === 'number' ? formatLargeNumber(value) : value}
      </Text>
    </Stack>
  );
}
