/**
 * Asone — ラボネクスト (理化学・研究用品): clean and clinical, the channel's blue/teal palette;
 * dense cards that lead with the model number (型番) and the specification, a guide for
 * laboratories ordering with quotations.
 */
import type { ThemeOverrides } from '../types';
import { AsoneFooter, AsoneHeader } from './frame';
import { AsoneGuidePage } from './guide-page';
import { AsoneHomeLayout } from './home-layout';
import { AsoneProductCard } from './product-card';
import './asone-theme.css';

export const asoneTheme: ThemeOverrides = {
  Header: AsoneHeader,
  Footer: AsoneFooter,
  HomeLayout: AsoneHomeLayout,
  ProductCard: AsoneProductCard,
  GuidePage: AsoneGuidePage,
};
