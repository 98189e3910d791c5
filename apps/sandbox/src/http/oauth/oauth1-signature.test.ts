import { describe, expect, it } from 'vitest';
import {
  baseStringUri,
  hmacSha1,
  parseOAuthHeader,
  percentEncode,
  signatureBaseString,
} from './oauth1-signature';

describe('RFC 5849 signatures', () => {
  // X's documented example ("Creating a signature"): the same inputs must give the same base string and signature.
  const params: [string, string][] = [
    ['status', 'Hello Ladies + Gentlemen, a signed OAuth request!'],
    ['include_entities', 'true'],
    ['oauth_consumer_key', 'xvz1evFS4wEEPTGEFPHBog'],
    ['oauth_nonce', 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg'],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', '1318622958'],
    ['oauth_token', '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb'],
    ['oauth_version', '1.0'],
  ];

  it('builds the base string and HMAC-SHA1 signature of X’s worked example', () => {
    const base = signatureBaseString('post', 'https://api.twitter.com/1.1/statuses/update.json', params);
    expect(base).toBe(
      'POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521',
    );
    expect(
      hmacSha1(
        base,
        'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
        'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
      ),
    ).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });

  it('encodes, parses headers and normalises the base URI per the RFC', () => {
    expect(percentEncode("a b!*'()~-._ü")).toBe('a%20b%21%2A%27%28%29~-._%C3%BC');
    expect(parseOAuthHeader('OAuth realm="x", oauth_token="a%2Bb", oauth_nonce="n"')).toEqual([
      ['realm', 'x'],
      ['oauth_token', 'a+b'],
      ['oauth_nonce', 'n'],
    ]);
    expect(parseOAuthHeader('Bearer abc')).toBeNull();
    expect(baseStringUri('HTTP', 'Example.COM:80', '/r%20v/X?id=123')).toBe('http://example.com/r%20v/X');
    expect(baseStringUri('https', 'example.com:8443', '/')).toBe('https://example.com:8443/');
    // Duplicate names sort by value; realm and oauth_signature never take part.
    expect(
      signatureBaseString('GET', 'http://h/', [
        ['b', '2'],
        ['a', '1'],
        ['b', '1'],
        ['realm', 'r'],
        ['oauth_signature', 's'],
      ]),
    ).toBe('GET&http%3A%2F%2Fh%2F&a%3D1%26b%3D1%26b%3D2');
  });
});
