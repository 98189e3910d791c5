import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { CONFIRM_CODE_LENGTH } from '@murmur/core/api';
import { isValidConfirmCode } from '@murmur/core/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export type CodeResult = 'ok' | 'invalid' | 'failed';

export interface CodeFormProps {
  email: string;
  /** Checks the code; 'invalid' flags it (SPEC §4), 'failed' means the call itself failed. */
  onSubmit: (code: string) => Promise<CodeResult>;
  onUseDifferentEmail: () => void;
  /** Asks for a new code; false when the request failed (SPEC §8: no message then). */
  onSendNewCode: () => Promise<boolean>;
  /** A message for a 'failed' attempt. */
  serverError?: string | null;
}

/** Codes are letters and digits; people paste them with spaces or in lower case. */
const normaliseCode = (raw: string): string =>
  raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, CONFIRM_CODE_LENGTH);

/** Step two: the 6-character code from the email, submitted automatically once complete (SPEC §4). */
export function CodeForm({
  email,
  onSubmit,
  onUseDifferentEmail,
  onSendNewCode,
  serverError,
}: CodeFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [pending, setPending] = useState(false);
  const [resent, setResent] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const check = async (value: string) => {
    if (pending || !isValidConfirmCode(value)) return;
    setPending(true);
    try {
      const result = await onSubmit(value);
      if (result === 'invalid') {
        setInvalid(true);
        inputRef.current?.select();
      }
    } finally {
      setPending(false);
    }
  };

  const change = (raw: string) => {
    const value = normaliseCode(raw);
    setCode(value);
    setInvalid(false);
    setResent(false);
    if (value.length === CONFIRM_CODE_LENGTH) void check(value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(code);
  };

  const reset = async () => {
    setCode('');
    setInvalid(false);
    setResent(await onSendNewCode());
    inputRef.current?.focus();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('login.codeSent', { email })}</Text>
        <TextInput
          ref={inputRef}
          label={t('login.codeLabel')}
          description={t('login.codeHint')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          maxLength={CONFIRM_CODE_LENGTH + 4}
          value={code}
          onChange={(event) => change(event.currentTarget.value)}
          error={invalid ? t('login.invalidCode') : (serverError ?? undefined)}
          disabled={pending}
          styles={{
            input: { fontFamily: 'monospace', fontSize: 22, letterSpacing: '0.4em', textAlign: 'center' },
          }}
        />
        {resent && (
          <Text size="sm" c="teal" role="status">
            {t('login.newCodeSent')}
          </Text>
        )}
        <Button type="submit" loading={pending} disabled={!isValidConfirmCode(code)} fullWidth>
          {t('login.signIn')}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onUseDifferentEmail}>
            {t('login.useDifferentEmail')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => void reset()}>
            {t('login.sendNewCode')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
