import type { ComponentType } from 'react';
import type { NavLink } from '../api/types';

export interface HeaderProps {
  shopName: string;
  navigation: NavLink[];
}

export interface FooterProps {
  shopName: string;
  navigation: NavLink[];
  copyright: string;
}

/** Every component a theme may replace. Simple provides all of them. */
export interface ThemeComponents {
  Header: ComponentType<HeaderProps>;
  Footer: ComponentType<FooterProps>;
  /** A mark trailing the mouse pointer (ui/cursor, GCursor0001–0003); Simple draws none. */
  Cursor: ComponentType;
}

export type ThemeComponentName = keyof ThemeComponents;

/** A theme or tenant folder provides only what differs from Simple. */
export type ThemeOverrides = Partial<ThemeComponents>;
