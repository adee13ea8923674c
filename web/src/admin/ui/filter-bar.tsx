/** The class names of a list's filter form (受信箱, 法人会員). */
import styles from './filter-bar.module.css';

const cls = (name: string): string => styles[name] ?? '';

export const filterBar = {
  fields: cls('fields'),
  actions: cls('actions'),
};
