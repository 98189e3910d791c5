import type { Figure, TalkLanguage } from './talk';

/** Rephrases an answer; resolves undefined when the model says nothing usable. */
export type TalkPhraser = (
  answer: string,
  figures: Figure[],
  language: TalkLanguage,
) => Promise<string | undefined>;

/**
 * An OpenAI-compatible chat-completions endpoint that may only rephrase: it receives the answer and
 * its figures and is told to keep every number. A reply that drops or changes a figure's number is
 * thrown away, so the model can never invent figures.
 */
export function openAiPhraser(options: {
  url: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
}): TalkPhraser {
  return async (answer, figures, language) => {
    const response = await fetch(`${options.url.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey && { authorization: `Bearer ${options.apiKey}` }),
      },
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      body: JSON.stringify({
        model: options.model,
        temperature: 0,
        messages: [
          {
            role: 'system',
            content: `Rephrase the answer in ${language === 'ja' ? 'Japanese' : 'English'} in a friendly tone. Keep every number and @handle exactly; add no facts.`,
          },
          { role: 'user', content: JSON.stringify({ answer, figures }) },
        ],
      }),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    const text = body.choices?.[0]?.message?.content?.trim();
    if (!text) return undefined;
    return keepsFigures(answer, text) ? text : undefined;
  };
}

const numbers = (text: string) =>
  new Set((text.match(/(?<![@\w])\d[\d,.]*/g) ?? []).map((n) => n.replace(/[.,]$/, '').replace(/,/g, '')));
const handles = (text: string) => new Set(text.match(/@\w+/g) ?? []);

/**
 * Every number and @handle of the original answer is in the rephrased one, and the rephrased one
 * has no number the original did not (a model may reword, never invent or drop a figure).
 */
export function keepsFigures(original: string, phrased: string): boolean {
  const [was, now] = [numbers(original), numbers(phrased)];
  const [who, whoNow] = [handles(original), handles(phrased)];
  return (
    [...was].every((n) => now.has(n)) &&
    [...now].every((n) => was.has(n)) &&
    [...who].every((h) => whoNow.has(h))
  );
}
