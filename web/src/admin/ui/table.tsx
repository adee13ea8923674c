import styles from './table.module.css';

const cls = (name: string): string => styles[name] ?? '';

export const table = {
  table: cls('table'),
  nowrap: cls('nowrap'),
  numeric: cls('numeric'),
  empty: cls('empty'),
};
