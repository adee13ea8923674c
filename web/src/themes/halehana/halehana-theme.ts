/**
 * Halehana — ハレハナ (ハワイアン雑貨・フラ用品): soft and rounded, the channel's tropical palette
 * in gentle tints, rounded type, pill buttons and a wave between the page and the footer.
 */
import type { ThemeOverrides } from '../types';
import { HalehanaFooter, HalehanaHeader } from './frame';
import { HalehanaGuidePage } from './guide-page';
import { HalehanaHomeLayout } from './home-layout';
import { HalehanaProductCard } from './product-card';
import './halehana-theme.css';

export const halehanaTheme: ThemeOverrides = {
  Header: HalehanaHeader,
  Footer: HalehanaFooter,
  HomeLayout: HalehanaHomeLayout,
  ProductCard: HalehanaProductCard,
  GuidePage: HalehanaGuidePage,
};
