// api/en/events/<id>.json for every en event.
import { apiEventTemplate } from '../lib/api.js';

const template = apiEventTemplate('api/en', 'en');
export const data = template.data;
export const render = template.render;
