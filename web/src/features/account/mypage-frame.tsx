/**
 * The mypage frame and its menu (注文履歴, カード情報 and ポイント included) now live in
 * ui/mypage-frame.tsx, so the orders and wallet features share them without importing this
 * feature; the account screens keep importing from here.
 */
export { MYPAGE_AREAS, MypageFrame, type MypageFrameProps } from '../../ui/mypage-frame';
