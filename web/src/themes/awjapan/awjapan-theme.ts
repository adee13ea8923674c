/**
 * Awjapan — AWジャパン ワークストア (作業服・安全用品): bold and high-contrast, the channel's
 * orange as stripes and rules on black (its text colour), heavy type, square corners.
 */
import type { ThemeOverrides } from '../types';
import { AwjapanFooter, AwjapanHeader } from './frame';
import { AwjapanGuidePage } from './guide-page';
import { AwjapanHomeLayout } from './home-layout';
import { AwjapanProductCard } from './product-card';
import './awjapan-theme.css';

export const awjapanTheme: ThemeOverrides = {
  Header: AwjapanHeader,
  Footer: AwjapanFooter,
  HomeLayout: AwjapanHomeLayout,
  ProductCard: AwjapanProductCard,
  GuidePage: AwjapanGuidePage,
};
