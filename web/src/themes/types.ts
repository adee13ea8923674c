import type { ComponentType, ReactNode } from 'react';
import type { NavLink, StaticPage } from '../api/types';
import type { ProductCardProps } from '../ui/product-card';

export interface HeaderProps {
  shopName: string;
  navigation: NavLink[];
}

export interface FooterProps {
  shopName: string;
  navigation: NavLink[];
  copyright: string;
}

/**
 * The top page's parts, already built from the shop's data (features/home): a layout only
 * arranges them and may add its own decoration around them. Empty parts are null.
 */
export interface HomeLayoutProps {
  shopName: string;
  /** The page's title (the hidden h1 of Simple). */
  title: string;
  /** The shop's caution notice. */
  notice: ReactNode;
  /** The main banner carousel (top_main). */
  mainBanners: ReactNode;
  /** The shop's page blocks (hero, news, text, links), in the shop's order. */
  blocks: ReactNode;
  /** The curated collections (新着商品, おすすめ …). */
  collections: ReactNode;
  /** The free areas and the business calendar. */
  information: ReactNode;
  /** The link banners at the foot of the page. */
  linkBanners: ReactNode;
  /**
   * Puts the sidebar banners beside `main` on larger screens, as Simple does (the shop's hero
   * block then stays inside its column); `main` alone on a phone or when there are none.
   */
  withSidebar: (main: ReactNode) => ReactNode;
}

/** ご利用ガイド (`/guide`): the shop's own guide page, when it has one on the server. */
export interface GuidePageProps {
  shopName: string;
  /** The server's static page at /guide; null when the shop has none. */
  page: StaticPage | null;
}

/** Parts of the frame (every page shows them, so Simple's are in the first bundle). */
export interface FrameComponents {
  Header: ComponentType<HeaderProps>;
  Footer: ComponentType<FooterProps>;
  /** A mark trailing the mouse pointer (ui/cursor, GCursor0001–0003); Simple draws none. */
  Cursor: ComponentType;
}

/**
 * Parts of pages. Simple's versions live with the screens that use them (lazily loaded chunks),
 * so the caller names Simple's part when it asks the registry.
 */
export interface PageComponents {
  /** The top page (`/`, `/ec`). */
  HomeLayout: ComponentType<HomeLayoutProps>;
  /** One product in every product list (lists, home collections, related products, favourites). */
  ProductCard: ComponentType<ProductCardProps>;
  /** ご利用ガイド (`/guide`). */
  GuidePage: ComponentType<GuidePageProps>;
}

/** Every component a theme may replace. Simple provides all of them. */
export interface ThemeComponents extends FrameComponents, PageComponents {}

export type FrameComponentName = keyof FrameComponents;
export type PageComponentName = keyof PageComponents;
export type ThemeComponentName = keyof ThemeComponents;

/** Every name, for tests that walk all of them. */
export const THEME_COMPONENT_NAMES = [
  'Header',
  'Footer',
  'Cursor',
  'HomeLayout',
  'ProductCard',
  'GuidePage',
] as const satisfies readonly ThemeComponentName[];

/** A theme or tenant folder provides only what differs from Simple. */
export type ThemeOverrides = Partial<ThemeComponents>;
