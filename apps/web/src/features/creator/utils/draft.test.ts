import { describe, expect, it } from 'vitest';
import { draftKey, emptyDraft, loadDraft, saveDraft } from './draft';
import { parsePackage } from './package-ops';

describe('creator draft', () => {
  it('survives in session storage, per team', () => {
    const draft = {
      name: 'Runners',
      step: 2,
      pkg: parsePackage({ keywords: [{ label: 'running' }] }),
      exclusions: [{ id: 4, name: 'Customers' }],
    };
    saveDraft('acme', draft);
    expect(loadDraft('acme')).toEqual(draft);
    expect(loadDraft('other')).toEqual(emptyDraft());
  });

  it('reads a draft saved before exclusions existed, and drops malformed exclusions', () => {
    window.sessionStorage.setItem(draftKey('acme'), JSON.stringify({ name: 'Old', step: 1, pkg: {} }));
    expect(loadDraft('acme')).toMatchObject({ name: 'Old', exclusions: [] });
    window.sessionStorage.setItem(
      draftKey('acme'),
      JSON.stringify({ exclusions: [{ id: 'x', name: 'Bad' }, { id: 3, name: 'Good' }, null] }),
    );
    expect(loadDraft('acme').exclusions).toEqual([{ id: 3, name: 'Good' }]);
  });

  it('reads a damaged draft as an empty one', () => {
    window.sessionStorage.setItem(draftKey('acme'), '{not json');
    expect(loadDraft('acme')).toEqual(emptyDraft());
  });
});
