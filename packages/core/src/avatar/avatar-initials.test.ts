import { describe, expect, it } from 'vitest';
import { avatarInitials } from './avatar-initials';

describe('avatarInitials (SPEC §9)', () => {
  it.each([
    ['Ann Lee', 'AL'],
    ['ann lee smith', 'AL'],
    ['Acme', 'AC'],
    ['a', 'A'],
    ['ann.lee@example.com', 'AL'],
    ['bob@example.com', 'BO'],
    ['@jack', 'JA'],
    ['  Mary-Jane   Watson ', 'MJ'],
    ['(Acme) Corp', 'AC'],
    ['山田 太郎', '山太'],
    ['élodie durand', 'ÉD'],
    ['42 Agency', '4A'],
    ['', '?'],
    ['   ', '?'],
    ['!!!', '?'],
    [null, '?'],
    [undefined, '?'],
  ])('%j → %j', (text, initials) => {
    expect(avatarInitials(text)).toBe(initials);
  });
});
