import type { MagicLinkResponse, MagicLinkUse, SignInResponse } from '@murmur/core/api';
import { ApiError } from '@murmur/core/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { CodeForm, type CodeResult } from './code-form';
import { EmailForm } from './email-form';

export interface EmailCodeSignInProps {
  requestCode: (email: string) => Promise<MagicLinkResponse>;
  confirmCode: (body: MagicLinkUse) => Promise<SignInResponse>;
  onSignedIn: (response: SignInResponse) => unknown;
}

type Step = { name: 'email' } | { name: 'code'; email: string; magicCode: string };

/**
 * SPEC §4 email login: the email is submitted and a magic_code comes back; the user enters the
 * 6-character code, submitted automatically; a wrong code is flagged invalid and the form can be reset.
 */
export function EmailCodeSignIn({ requestCode, confirmCode, onSignedIn }: EmailCodeSignInProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [lastEmail, setLastEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  /**
   * A code that cannot be sent returns false and says why (too many codes for the address and when
   * to try again, the network, the server): a silent button left the user guessing.
   */
  const sendCode = async (email: string): Promise<boolean> => {
    setError(null);
    try {
      const { magic_code } = await requestCode(email);
      setLastEmail(email);
      setStep({ name: 'code', email, magicCode: magic_code });
      return true;
    } catch (failure) {
      setError(errorText(failure, t));
      return false;
    }
  };

  const checkCode = async (code: string): Promise<CodeResult> => {
    if (step.name !== 'code') return 'failed';
    setError(null);
    let response: SignInResponse;
    try {
      response = await confirmCode({ magic_code: step.magicCode, confirm_code: code });
    } catch (failure) {
      // SPEC §8: a wrong, used, expired or dead code is "Invalid login code".
      if (failure instanceof ApiError && failure.status === 400) return 'invalid';
      setError(errorText(failure, t));
      return 'failed';
    }
    await onSignedIn(response);
    return 'ok';
  };

  if (step.name === 'email') {
    return (
      <EmailForm
        defaultEmail={lastEmail}
        onSubmit={async (email) => void (await sendCode(email))}
        serverError={error}
      />
    );
  }
  return (
    <CodeForm
      email={step.email}
      onSubmit={checkCode}
      serverError={error}
      onUseDifferentEmail={() => {
        setError(null);
        setStep({ name: 'email' });
      }}
      onSendNewCode={() => sendCode(step.email)}
    />
  );
}
