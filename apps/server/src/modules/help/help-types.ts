import type { HelpKind, Language } from '@murmur/core/api';

export interface HelpText {
  title: string;
  summary: string;
  sections: { id: string; title: string; body: string }[];
}

/** One article of Guides, User manual or Help, written in both interface languages (SPEC §9). */
export interface HelpEntry {
  id: string;
  kind: HelpKind;
  text: Record<Language, HelpText>;
}
