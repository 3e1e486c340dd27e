// One set-up option of a game as a form field, from /api/meta's option schema: a select for
// choices and switches, a number, a list typed with commas, or the game's own input (cards
// chosen from its catalogue), and what a set-up form builds with it. The lobby's new game and
// its paper table use them.
import { html } from './html.js';
import { t, has } from './i18n.js';

/** The options a form sets through its seats, never as fields: a paper table has none. */
export const SEAT_OPTIONS = new Set(['players', 'names']);

const optionLabel = (game, o) => (has(`option.${game}.${o.name}.label`) ? t(`option.${game}.${o.name}.label`) : o.name);
const optionHelp = (game, o) => (has(`option.${game}.${o.name}.help`) ? t(`option.${game}.${o.name}.help`) : (o.help || ''));
function choiceLabel(game, o, c, setup) {
  const fromCatalog = setup && setup.catalog && setup.hooks.choiceLabel(setup.catalog, o, c);
  if (fromCatalog) return fromCatalog;
  return has(`option.${game}.${o.name}.choice.${c}`) ? t(`option.${game}.${o.name}.choice.${c}`) : String(c);
}

export function OptionField({ game, option, value, onChange, setup, preset, names }) {
  const kind = option.kind || option.type;
  const id = `opt-${option.name}`;
  const Custom = setup && setup.catalog && setup.hooks.inputs[option.name];
  const choices = option.choices && option.choices.length ? option.choices
    : (setup && setup.catalog && setup.hooks.choices(setup.catalog, option)) || [];
  let input;
  if (Custom) {
    input = html`<${Custom} catalog=${setup.catalog} preset=${preset} value=${value} onChange=${onChange} names=${names}/>`;
  } else if (choices.length) {
    input = html`<select id=${id} value=${value ?? ''} onChange=${(e) => onChange(e.target.value || undefined)}>
      <option value="">${option.default === null || option.default === undefined ? t('lobby.default') : t('lobby.default_is', { value: choiceLabel(game, option, option.default, setup) })}</option>
      ${choices.map((c) => html`<option value=${c}>${choiceLabel(game, option, c, setup)}</option>`)}</select>`;
  } else if (kind === 'bool') {
    const v = value === undefined ? '' : String(value);
    input = html`<select id=${id} value=${v} onChange=${(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'true')}>
      <option value="">${option.default === null || option.default === undefined ? t('lobby.default') : t('lobby.default_is', { value: t(option.default ? 'lobby.yes' : 'lobby.no') })}</option>
      <option value="true">${t('lobby.yes')}</option><option value="false">${t('lobby.no')}</option></select>`;
  } else if (kind === 'int') {
    input = html`<input id=${id} type="number" value=${value ?? ''} placeholder=${option.default ?? ''}
      onInput=${(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}/>`;
  } else if (kind === 'list') {
    input = html`<input id=${id} type="text" value=${(value || []).join(', ')} placeholder=${t('lobby.list_hint')}
      onInput=${(e) => { const parts = e.target.value.split(',').map((s) => s.trim()).filter(Boolean); onChange(parts.length ? parts : undefined); }}/>`;
  } else {
    input = html`<input id=${id} type="text" value=${value ?? ''} onInput=${(e) => onChange(e.target.value || undefined)}/>`;
  }
  return html`<div class=${`field ${Custom ? 'wide' : ''}`} data-option=${option.name}>
    <label id=${`${id}-label`} for=${Custom ? undefined : id}>${optionLabel(game, option)}</label>${input}
    <small class="muted">${optionHelp(game, option)}</small></div>`;
}

/** A form's field maker for its game's options (the lobby's new game, a paper table): each
 * change clears the form's error (`onEdit`), and a preset keeps only the choices it allows. */
export function optionFieldMaker({ game, options, setOptions, setup, names, onEdit }) {
  const setOption = (name) => (v) => {
    onEdit();
    setOptions((old) => {
      const next = { ...old, [name]: v };
      return name === 'preset' && setup && setup.catalog ? setup.hooks.keepAvailable(setup.catalog, v, next) : next;
    });
  };
  return (o) => html`<${OptionField} game=${game} option=${o} value=${options[o.name]}
    onChange=${setOption(o.name)} setup=${setup} preset=${options.preset} names=${names}/>`;
}

/** The options a form sends: those chosen (one left at its default is left out). */
export const chosenOptions = (options) => Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));

/** "More options": the fields past the first ones, and the seed with its help line. */
export function MoreOptions({ fields, seed, onSeed, seedHelp }) {
  return html`<details class="more"><summary>${t('lobby.more_options')}</summary>
    <div class="options-grid">
      ${fields}
      <div class="field"><label for="seed">${t('lobby.seed')}</label>
        <input id="seed" type="number" value=${seed} placeholder=${t('lobby.seed_random')} onInput=${(e) => onSeed(e.target.value)}/>
        <small class="muted">${seedHelp}</small></div>
    </div>
  </details>`;
}
