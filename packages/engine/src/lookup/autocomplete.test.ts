import { describe, expect, it } from 'vitest';
import { createInMemoryEngine } from '../engine';
import { fixtureLines } from '../testing/fixture';
import { NETWORK_B } from '../testing/network-b';

const engine = () => createInMemoryEngine(fixtureLines(NETWORK_B).map((l) => `${l}\n`));

describe('handle suggestions', () => {
  it('finds a handle by text within it, after the handles that start with the text', async () => {
    const e = await engine();
    // "ser5" is inside @user5 only: a prefix search found nothing.
    expect(e.lookup('handles', 'ser5').map((r) => r.value)).toEqual(['user5']);
    // Handles starting with the text come first; those holding it further in follow.
    const values = e.lookup('handles', 'user1', 10).map((r) => r.value);
    expect(values.every((v) => v.startsWith('user1'))).toBe(true);
    expect(values.length).toBeGreaterThan(0);
  });

  it('does not search within a handle for one character (it would match nearly everyone)', async () => {
    const e = await engine();
    const values = e.lookup('handles', 's', 10).map((r) => r.value.toLowerCase());
    expect(values.every((v) => v.startsWith('s'))).toBe(true);
  });
});
