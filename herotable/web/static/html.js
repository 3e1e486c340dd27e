// Preact with htm: components written as tagged templates, no build step.
import { h, render } from 'preact';
import htm from 'htm';

export const html = htm.bind(h);
export { render };
