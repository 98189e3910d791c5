import type { Network } from '../../network';
import { html, type Html } from './html';
import { accountById, accountsByHandlePrefix, sampleAccounts } from './lookup';

export interface AccountPickerProps {
  net: Network;
  /** Request parameters to carry through the search and the decision (oauth_token, client_id…). */
  carry: Record<string, string>;
  /** What the user typed in the handle search box. */
  query?: string;
  /** An account to offer first and pre-select (the X sign-in remembered by cookie). */
  remembered?: number;
  allowLabel: string;
  denyLabel: string;
}

const samples = new WeakMap<Network, number[]>();

function choices(props: AccountPickerProps): { found: number[]; listed: number[] } {
  const { net, query, remembered } = props;
  let sample = samples.get(net);
  if (!sample) {
    sample = sampleAccounts(net);
    samples.set(net, sample);
  }
  const found = query ? accountsByHandlePrefix(net, query, 20) : [];
  const first = remembered !== undefined && remembered >= 0 ? [remembered] : [];
  const listed = [...first, ...(found.length > 0 ? found : sample)].filter(
    (a, k, all) => all.indexOf(a) === k,
  );
  return { found, listed };
}

function hidden(carry: Record<string, string>, skip = ''): Html[] {
  return Object.entries(carry)
    .filter(([name]) => name !== skip)
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`);
}

/**
 * The sandbox's stand-in for "log in and approve": a handle search (GET, so it works without
 * scripts) and a radio list of accounts in a form that posts the decision back to the same URL with
 * `account` (the X-style id) and `decision` = allow | deny.
 */
export function accountPicker(props: AccountPickerProps): Html {
  const { net, query = '', remembered } = props;
  const { found, listed } = choices(props);
  const a = net.accounts;
  // <bdi> keeps a right-to-left name (Arabic accounts) from reordering the @handle after it.
  const items = listed.map(
    (i, k) =>
      html`<label
        ><input
          type="radio"
          name="account"
          value="${a.ids[i]!.toString()}"
          required${k === 0 ? html` checked` : html``}
        />
        <bdi>${a.names[i]!}</bdi> <span class="handle">@${a.handles[i]!}</span> ·
        ${net.graph.inDegree[i]!.toLocaleString('en-US')}
        followers${i === remembered ? ' (signed in)' : ''}</label
      >`,
  );
  const status =
    query && found.length === 0
      ? html`<p role="status">
          No account’s handle starts with “${query}”. Sample accounts are listed instead.
        </p>`
      : query
        ? html`<p role="status">${found.length} account(s) found for “${query}”.</p>`
        : html``;
  return html`<form method="get" role="search" aria-label="Find a sandbox account">
      ${hidden(props.carry, 'q')}<label for="q">Find a sandbox account by handle</label>
      <input type="search" id="q" name="q" value="${query}" autocomplete="off" />
      <button type="submit">Search</button>
    </form>
    ${status}
    <form method="post">
      ${hidden(props.carry, 'q')}
      <fieldset>
        <legend>${found.length > 0 ? 'Matching accounts' : 'Sign in as'}</legend>
        ${items}
      </fieldset>
      <button class="primary" type="submit" name="decision" value="allow">${props.allowLabel}</button>
      <button type="submit" name="decision" value="deny" formnovalidate>${props.denyLabel}</button>
    </form>`;
}

/** The account a picker form chose (its `account` field holds an X-style id), or -1. */
export const chosenAccount = (net: Network, body: Record<string, string> | undefined): number =>
  accountById(net, body?.account ?? '');
