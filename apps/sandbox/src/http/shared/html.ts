const ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&#39;',
  '"': '&quot;',
};

export const escapeHtml = (text: string): string => text.replace(/[<>&'"]/g, (c) => ENTITIES[c]!);

/** Tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    const parts = Array.isArray(value) ? value : [value];
    for (const part of parts)
      out +=
        part instanceof Html
          ? part.value
          : escapeHtml(part === undefined || part === null ? '' : String(part));
    out += strings[i + 1]!;
  });
  return new Html(out);
}

// Plain CSS, high contrast, visible focus: the pages must work with a keyboard and a screen reader.
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f7f9f9;color:#0f1419}
main{max-width:36rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;border:1px solid #cfd9de}
h1{font-size:1.4rem;margin-top:0}fieldset{border:1px solid #cfd9de;border-radius:8px;margin:1rem 0}
label{display:block;padding:.35rem 0}.handle{color:#536471}.error{color:#b00020;font-weight:600}
input[type=search]{font:inherit;padding:.4rem;width:60%}button{font:inherit;padding:.5rem 1rem;border-radius:999px;
border:1px solid #0f1419;background:#fff;cursor:pointer}button.primary{background:#0f1419;color:#fff}
:focus-visible{outline:3px solid #1d9bf0;outline-offset:2px}ul.scopes{padding-left:1.2rem}`;

/** A whole server-rendered page: no scripts, one <main>, a real <h1>. */
export function page(title: string, body: Html): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          ${new Html(STYLE)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`.value;
}
