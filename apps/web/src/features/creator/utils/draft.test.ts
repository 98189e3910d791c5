import { describe, expect, it } from 'vitest';
import { draftKey, emptyDraft, loadDraft, saveDraft } from './draft';
import { parsePackage } from './package-ops';

describe('creator draft', () => {
  it('survives in session storage, per team', () => {
    const draft = { name: 'Runners', step: 2, pkg: parsePackage({ keywords: [{ label: 'running' }] }) };
    saveDraft('acme', draft);
    expect(loadDraft('acme')).toEqual(draft);
    expect(loadDraft('other')).toEqual(emptyDraft());
  });

  it('reads a damaged draft as an empty one', () => {
    window.sessionStorage.setItem(draftKey('acme'), '{not json');
    expect(loadDraft('acme')).toEqual(emptyDraft());
  });
});
