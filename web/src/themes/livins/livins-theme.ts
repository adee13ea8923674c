/**
 * Livins — リヴィンズ (インテリア・家具): minimal and airy, thin type with wide spacing, large
 * pictures in few columns, hairlines instead of boxes.
 */
import type { ThemeOverrides } from '../types';
import { LivinsFooter, LivinsHeader } from './frame';
import { LivinsGuidePage } from './guide-page';
import { LivinsHomeLayout } from './home-layout';
import { LivinsProductCard } from './product-card';
import './livins-theme.css';

export const livinsTheme: ThemeOverrides = {
  Header: LivinsHeader,
  Footer: LivinsFooter,
  HomeLayout: LivinsHomeLayout,
  ProductCard: LivinsProductCard,
  GuidePage: LivinsGuidePage,
};
