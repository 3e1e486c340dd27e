// The banner shown while designed (not printed) content is in use, and the panel it opens
// explaining what that means.
import { html } from '../html.js';
import { t } from '../i18n.js';

export function DesignedBanner({ catalog, open, onToggle }) {
  const designed = catalog.designed || { records: 0, total: 0 };
  if (!designed.records) return null;
  return html`<div class="designed-banner" role="note">
    <b>${t('dom.designed.banner')}</b>
    <button type="button" class="linkish" aria-expanded=${open} aria-controls="designed-panel"
      onClick=${onToggle}>${t('dom.designed.what')}</button>
  </div>`;
}

export function DesignedPanel({ catalog, onClose }) {
  const designed = catalog.designed || { records: 0, total: 0 };
  return html`<section class="designed-panel" id="designed-panel" aria-label=${t('dom.designed.title')}>
    <h2>${t('dom.designed.title')}</h2>
    <p>${t('dom.designed.p1')}</p>
    <p>${t('dom.designed.p2', { records: designed.records, total: designed.total })}</p>
    <p>${t('dom.designed.p3')}</p>
    <button type="button" onClick=${onClose}>${t('dom.designed.close')}</button>
  </section>`;
}
