import { Setting } from './setting.js';

export const entities = [Setting];
export { Setting };
