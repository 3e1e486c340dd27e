// The banner shown while designed (not printed) content is in use, or while the server plays
// its host's own data pack, and the panel it opens explaining what that means.
import { html } from '../html.js';
import { t } from '../i18n.js';

/** The catalogue's pack: whether it is the host's own, and how many records are designed. */
function packOf(catalog) {
  const designed = catalog.designed || { records: 0, total: 0 };
  return { host: Boolean(catalog.pack && catalog.pack.host), ...designed };
}

export function DesignedBanner({ catalog, open, onToggle }) {
  const pack = packOf(catalog);
  if (!pack.host && !pack.records) return null;
  return html`<div class=${pack.host ? 'designed-banner host-pack' : 'designed-banner'} role="note">
    <b>${pack.host ? t('dom.host_pack.banner') : t('dom.designed.banner')}</b>
    <button type="button" class="linkish" aria-expanded=${open} aria-controls="designed-panel"
      onClick=${onToggle}>${pack.host ? t('dom.host_pack.what') : t('dom.designed.what')}</button>
  </div>`;
}

export function DesignedPanel({ catalog, onClose }) {
  const pack = packOf(catalog);
  if (pack.host) {
    return html`<section class="designed-panel" id="designed-panel" aria-label=${t('dom.host_pack.title')}>
      <h2>${t('dom.host_pack.title')}</h2>
      <p>${t('dom.host_pack.p1')}</p>
      <p>${t('dom.host_pack.p2', { count: pack.records, total: pack.total })}</p>
      <p>${t('dom.host_pack.p3')}</p>
      <button type="button" onClick=${onClose}>${t('dom.host_pack.close')}</button>
    </section>`;
  }
  return html`<section class="designed-panel" id="designed-panel" aria-label=${t('dom.designed.title')}>
    <h2>${t('dom.designed.title')}</h2>
    <p>${t('dom.designed.p1')}</p>
    <p>${t('dom.designed.p2', { records: pack.records, total: pack.total })}</p>
    <p>${t('dom.designed.p3')}</p>
    <button type="button" onClick=${onClose}>${t('dom.designed.close')}</button>
  </section>`;
}
