// The lobby's paper table: a Cartographers set-up with the lobby's own option fields, solo or
// not, who may flip; then the link for every player and the host's link.
import { html } from '../html.js';
import { t, refusalText } from '../i18n.js';
import { useEffect, useState } from 'preact/hooks';
import { api, catalog as fetchCatalog, rememberHost } from '../api.js';
import { cartographersSetup as hooks } from './setup.js';
import { MoreOptions, SEAT_OPTIONS, chosenOptions, optionFieldMaker } from '../option_field.js';

const GAME = 'cartographers';

/** A link with its copy button. */
function CopyLink({ url, label, name }) {
  const [copied, setCopied] = useState(null); // true, or false: the clipboard refused
  const copy = async () => {
    try { await navigator.clipboard.writeText(url); setCopied(true); } catch { setCopied(false); }
  };
  return html`<div class="table-link" data-link=${name}>
    <label>${label}<input type="text" readonly value=${url} onFocus=${(e) => e.target.select()}/></label>
    <button type="button" onClick=${copy}>${copied ? t('lobby.copied') : t('lobby.copy')}</button>
  </div>`;
}

export function PaperTableSetup({ game, navigate }) {
  const [options, setOptions] = useState({});
  const [solo, setSolo] = useState(false);
  const [anyoneFlips, setAnyoneFlips] = useState(false);
  const [seed, setSeed] = useState('');
  const [raw, setRaw] = useState(null);
  const [created, setCreated] = useState(null);
  const [error, setError] = useState(null);
  const setup = { hooks, catalog: raw };

  useEffect(() => {
    let current = true;
    fetchCatalog(GAME).then((found) => { if (current) setRaw(found); }).catch(() => null);
    return () => { current = false; };
  }, []);

  const submit = async (e) => {
    e.preventDefault();
    setError(null);
    const missing = hooks.incomplete(options);
    if (missing) { setError(t(missing)); return; }
    const body = {
      options: chosenOptions(options),
      solo,
      anyone_flips: anyoneFlips,
    };
    if (seed !== '') body.seed = Number(seed);
    try {
      const made = await api.createTable(body);
      rememberHost(made.id, made.host_token);
      setCreated(made);
    } catch (err) {
      setError(refusalText(err));
    }
  };

  if (created) {
    return html`<section class="panel paper-created" data-table=${created.id}>
      <h2>${t('paper_table.lobby.created')}</h2>
      <p class="muted">${t('paper_table.lobby.created_help')}</p>
      <${CopyLink} name="share" url=${created.url} label=${t('paper_table.lobby.share_link')}/>
      <${CopyLink} name="host" url=${created.host_url} label=${t('paper_table.lobby.host_link')}/>
      <p class="muted small">${t('paper_table.lobby.host_link_help')}</p>
      <button type="button" class="primary big-button" onClick=${() => navigate(`/t/${created.id}`)}>${t('paper_table.lobby.open')}</button>
      <button type="button" class="quiet" onClick=${() => setCreated(null)}>${t('paper_table.lobby.another')}</button>
    </section>`;
  }

  const presetOption = game.options.find((o) => o.name === 'preset');
  const otherOptions = game.options.filter((o) => !o.local_only && !SEAT_OPTIONS.has(o.name) && o.name !== 'preset');
  const fieldFor = optionFieldMaker({ game: GAME, options, setOptions, setup, names: [],
    onEdit: () => setError(null) });

  return html`<form class="panel new-game paper-setup" onSubmit=${submit}>
    <h2>${t('paper_table.lobby.title')}</h2>
    <p class="muted">${t('paper_table.lobby.help')}</p>
    <div class="field-row">
      ${presetOption && fieldFor(presetOption)}
    </div>
    <label class="check"><input type="checkbox" name="solo" checked=${solo} onChange=${(e) => setSolo(e.target.checked)}/> ${t('paper_table.lobby.solo')}</label>
    <label class="check"><input type="checkbox" name="anyone_flips" checked=${anyoneFlips} onChange=${(e) => setAnyoneFlips(e.target.checked)}/> ${t('paper_table.anyone_flips')}</label>
    <${MoreOptions} fields=${otherOptions.map(fieldFor)} seed=${seed} onSeed=${setSeed} seedHelp=${t('paper_table.lobby.seed_help')}/>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <button type="submit" class="primary big-button">${t('paper_table.lobby.create')}</button>
  </form>`;
}
