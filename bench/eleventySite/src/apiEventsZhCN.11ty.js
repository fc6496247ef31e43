// api/zh_CN/events/<id>.json for every zh_CN event.
import { apiEventTemplate } from '../lib/api.js';

const template = apiEventTemplate('api/zh_CN', 'zh_CN');
export const data = template.data;
export const render = template.render;
