import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface SecretOnceProps {
  title: string;
  body: string;
  secret: string;
  onDone: () => void;
}

/** A secret the server sends once (an API key, a signing secret): shown with a copy button until dismissed. */
export function SecretOnce({ title, body, secret, onDone }: SecretOnceProps) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={title} role="status">
      <Stack gap="xs">
        <Text size="sm">{body}</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="secret-once">
          {secret}
        </Code>
        <Group gap="xs">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('apiAccess.keys.copied') : t('apiAccess.keys.copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {t('apiAccess.keys.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
