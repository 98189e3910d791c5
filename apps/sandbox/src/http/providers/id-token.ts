import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

const b64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Signs OpenID Connect id_tokens with RS256, like Google and LinkedIn, and publishes the public key
 * as a JWKS so clients can verify them. The key is made on first use (it costs ~50 ms) and lives as
 * long as the process: tokens from an earlier run are not meant to verify.
 */
export class IdTokenSigner {
  private key: { privateKey: KeyObject; publicKey: KeyObject; kid: string } | null = null;

  private keys(): { privateKey: KeyObject; publicKey: KeyObject; kid: string } {
    if (!this.key) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      this.key = { privateKey, publicKey, kid: `sandbox-${Date.now().toString(36)}` };
    }
    return this.key;
  }

  sign(claims: object): string {
    const { privateKey, kid } = this.keys();
    const unsigned = `${b64url({ alg: 'RS256', kid, typ: 'JWT' })}.${b64url(claims)}`;
    return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url')}`;
  }

  jwks(): object {
    const { publicKey, kid } = this.keys();
    return { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] };
  }
}
