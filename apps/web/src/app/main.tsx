import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config } from '../lib/config';
import { getConsent, onConsentChange } from '../lib/consent';
import { initErrorReporting } from '../lib/error-reporting';
import { startSessionReplay } from '../lib/session-replay';
import { i18n, initI18n } from '../lib/i18n';
import { isLazyLoadError } from '../lib/lazy';
import { resolveFlavour, type Flavour } from './flavour';

// Each flavour is its own chunk: a visitor of one never downloads the others.
const loaders = {
  dashboard: () => import('./flavours/dashboard/app').then((module) => module.DashboardApp),
  pro: () => import('./flavours/pro/app').then((module) => module.ProApp),
  premium: () => import('./flavours/premium/app').then((module) => module.PremiumApp),
} satisfies Record<Flavour, unknown>;

// SPEC §1: error reporting with a DSN; the session-replay snippet with a site id and consent (now or
// once given). Both are off in development and tests, where nothing is configured.
void initErrorReporting(config.sentryDsn, config.mode);
const replay = () =>
  startSessionReplay({ siteId: config.sessionReplayId, consented: getConsent() === 'granted' });
replay();
onConsentChange(replay);

const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element.');
const root = createRoot(container);
const flavour = resolveFlavour(window.location, config);
// The interface language's catalogue (what this flavour's first screens show of it) loads beside the
// flavour's code; nothing renders before both.
const i18nReady = initI18n(undefined, flavour);

Promise.all([loaders[flavour](), i18nReady])
  .then(([App]) => {
    // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
    // browser between them, instead of one long task (what a phone's CPU turns into seconds of
    // blocking time). Nothing is on screen before it, so there is nothing to keep responsive but input.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  })
  .catch((error: unknown) => {
    // Without the flavour's code there is no UI kit either: a plain message and a way out.
    // The catalogue may be what failed to load: English words then.
    const translated = i18n.hasLoadedNamespace('translation');
    const message =
      isLazyLoadError(error) || error instanceof TypeError
        ? translated
          ? i18n.t('errors.newVersion')
          : 'A new version of Murmur is available. Please refresh the page to load it.'
        : translated
          ? i18n.t('errors.unexpected')
          : 'This page could not be shown. Reloading usually helps.';
    container.textContent = '';
    const paragraph = document.createElement('p');
    paragraph.setAttribute('role', 'alert');
    paragraph.style.cssText = 'font-family: sans-serif; margin: 2rem; max-width: 40rem;';
    paragraph.textContent = message;
    const button = document.createElement('button');
    button.textContent = translated ? i18n.t('errors.refresh') : 'Refresh';
    button.addEventListener('click', () => window.location.reload());
    container.append(paragraph, button);
    console.error(error);
  });
