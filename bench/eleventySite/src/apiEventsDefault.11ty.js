// api/events/<id>.json for every zh_TW event.
import { apiEventTemplate } from '../lib/api.js';

const template = apiEventTemplate('api', 'zh_TW');
export const data = template.data;
export const render = template.render;
