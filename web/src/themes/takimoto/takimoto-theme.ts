/**
 * Takimoto — 瀧本陶苑 (和食器・茶道具): Mincho headings, washi tones drawn from the channel's
 * palette, vertical accents (a vertical shop name and rules), cards like a catalogue of vessels.
 */
import type { ThemeOverrides } from '../types';
import { TakimotoFooter, TakimotoHeader } from './frame';
import { TakimotoGuidePage } from './guide-page';
import { TakimotoHomeLayout } from './home-layout';
import { TakimotoProductCard } from './product-card';
import './takimoto-theme.css';

export const takimotoTheme: ThemeOverrides = {
  Header: TakimotoHeader,
  Footer: TakimotoFooter,
  HomeLayout: TakimotoHomeLayout,
  ProductCard: TakimotoProductCard,
  GuidePage: TakimotoGuidePage,
};
