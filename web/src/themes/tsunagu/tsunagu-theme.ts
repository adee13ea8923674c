/**
 * Tsunagu — the B2B shop (ライドパーツ 業販サイト): business navy from the channel's palette,
 * compact type, product lists as table-like rows, 法人向け cues (quotations, order history).
 */
import type { ThemeOverrides } from '../types';
import { TsunaguFooter } from './footer';
import { TsunaguGuidePage } from './guide-page';
import { TsunaguHeader } from './header';
import { TsunaguHomeLayout } from './home-layout';
import { TsunaguProductCard } from './product-card';
import './tsunagu-theme.css';

export const tsunaguTheme: ThemeOverrides = {
  Header: TsunaguHeader,
  Footer: TsunaguFooter,
  HomeLayout: TsunaguHomeLayout,
  ProductCard: TsunaguProductCard,
  GuidePage: TsunaguGuidePage,
};
