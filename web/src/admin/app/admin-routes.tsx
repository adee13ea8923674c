/**
 * The back office's route table (all under /admin). Every screen but the login and the mailed
 * enrolment link's page needs a staff session: the layout's loader asks GET /v1/admin/auth/me
 * first and sends a 401 to the login, remembering where the staff member was going.
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { AdminApiError } from '../api/admin-client';
import { meQuery } from '../api/session-queries';
import { AuditLogPage } from '../audit/audit-log-page';
import { EnrolPage } from '../auth/enrol-page';
import { LoginPage } from '../auth/login-page';
import { CsvPage } from '../catalog/csv-page';
import { GridPage } from '../catalog/grid-page';
import { NewProductPage, ProductPage } from '../catalog/product-page';
import { ProductsPage } from '../catalog/products-page';
import { ReviewsPage } from '../catalog/reviews-page';
import { StockHistoryPage } from '../catalog/stock-history-page';
import { StockPage } from '../catalog/stock-page';
import { TaxonomyPage } from '../catalog/taxonomy-page';
import { CompaniesPage } from '../companies/companies-page';
import { CouponEditorPage, NewCouponPage } from '../content/coupon-editor-page';
import { CouponsPage } from '../content/coupons-page';
import { NewNewsPage, NewsEditorPage } from '../content/news-editor-page';
import { NewsListPage } from '../content/news-list-page';
import { PageEditorPage } from '../content/page-editor-page';
import { PagesListPage } from '../content/pages-list-page';
import { InboxPage } from '../inbox/inbox-page';
import { MemberPage } from '../members/member-page';
import { MembersPage } from '../members/members-page';
import { ComposePage } from '../messages/compose-page';
import { SentMessagesPage } from '../messages/sent-messages-page';
import { BankReconciliationPage } from '../orders/bank-reconciliation-page';
import { OrderPage } from '../orders/order-page';
import { OrdersPage } from '../orders/orders-page';
import { TrackingImportPage } from '../orders/tracking-import-page';
import { ReportsPage } from '../reports/reports-page';
import { CarriagePage } from '../settings/carriage-page';
import { BankAccountPage } from '../settings/bank-account-page';
import { CalendarPage } from '../settings/calendar-page';
import { MaintenancePage } from '../settings/maintenance-page';
import { PaymentEditorPage } from '../settings/payments-editor-page';
import { PaymentsPage } from '../settings/payments-page';
import { PointsPage } from '../settings/points-page';
import { SettingsPage } from '../settings/settings-page';
import { StorePage } from '../settings/store-page';
import { StorefrontPage } from '../settings/storefront-page';
import { IpAllowlistPage } from '../staff/ip-allowlist-page';
import { StaffPage } from '../staff/staff-page';
import { ThreadPage } from '../thread/thread-page';
import { TopicsPage } from '../topics/topics-page';
import { Loading } from '../ui/query-state';
import { AdminLayout, NotFoundPage, RouteErrorPage } from './admin-layout';

export const LOGIN_PATH = '/admin/login';
export const ENROL_PATH = '/admin/enrol';
export const HOME_PATH = '/admin/inquiries';

/** The login address that comes back to `path` (only back-office paths, never another site). */
export function loginPath(path: string): string {
  return path.startsWith('/admin/') && !path.startsWith(LOGIN_PATH)
    ? `${LOGIN_PATH}?next=${encodeURIComponent(path)}`
    : LOGIN_PATH;
}

/** Where to go after signing in: `?next=` when it is a back-office path, else the inbox. */
export function afterLogin(next: string | null): string {
  return next?.startsWith('/admin/') && !next.startsWith('//') && !next.startsWith(LOGIN_PATH) ? next : HOME_PATH;
}

export function adminRoutes(queryClient: QueryClient): RouteObject[] {
  async function requireStaff({ request }: LoaderFunctionArgs) {
    try {
      await queryClient.ensureQueryData(meQuery());
      return null;
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 401) {
        const url = new URL(request.url);
        throw redirect(loginPath(`${url.pathname}${url.search}`));
      }
      throw error;
    }
  }

  return [
    { path: LOGIN_PATH, Component: LoginPage, ErrorBoundary: RouteErrorPage },
    // A mailed enrolment link (invitation, authenticator reset): no session yet, the token is the credential.
    { path: ENROL_PATH, Component: EnrolPage, ErrorBoundary: RouteErrorPage },
    {
      path: '/admin',
      loader: requireStaff,
      Component: AdminLayout,
      HydrateFallback: Loading,
      ErrorBoundary: RouteErrorPage,
      children: [
        { index: true, loader: () => redirect(HOME_PATH) },
        { path: 'orders', Component: OrdersPage },
        { path: 'orders/tracking', Component: TrackingImportPage },
        { path: 'orders/bank', Component: BankReconciliationPage },
        { path: 'orders/:orderNo', Component: OrderPage },
        { path: 'members', Component: MembersPage },
        { path: 'members/:id', Component: MemberPage },
        { path: 'reports', Component: ReportsPage },
        { path: 'products', Component: ProductsPage },
        { path: 'products/new', Component: NewProductPage },
        { path: 'products/:id', Component: ProductPage },
        { path: 'catalog/stock', Component: StockPage },
        { path: 'catalog/stock/:variationId', Component: StockHistoryPage },
        { path: 'catalog/taxonomy', Component: TaxonomyPage },
        { path: 'catalog/reviews', Component: ReviewsPage },
        { path: 'catalog/csv', Component: CsvPage },
        { path: 'catalog/grid', Component: GridPage },
        { path: 'inquiries', Component: InboxPage },
        { path: 'inquiries/:key', Component: ThreadPage },
        { path: 'messages', Component: SentMessagesPage },
        { path: 'messages/new', Component: ComposePage },
        { path: 'topics', Component: TopicsPage },
        { path: 'companies', Component: CompaniesPage },
        { path: 'settings', Component: SettingsPage },
        { path: 'settings/bank-account', Component: BankAccountPage },
        { path: 'settings/calendar', Component: CalendarPage },
        { path: 'settings/carriage', Component: CarriagePage },
        { path: 'settings/maintenance', Component: MaintenancePage },
        { path: 'settings/payments', Component: PaymentsPage },
        { path: 'settings/payments/:id', Component: PaymentEditorPage },
        { path: 'settings/points', Component: PointsPage },
        { path: 'settings/store', Component: StorePage },
        { path: 'settings/storefront', Component: StorefrontPage },
        { path: 'content/pages', Component: PagesListPage },
        { path: 'content/pages/:id', Component: PageEditorPage },
        { path: 'content/news', Component: NewsListPage },
        { path: 'content/news/new', Component: NewNewsPage },
        { path: 'content/news/:id', Component: NewsEditorPage },
        { path: 'content/coupons', Component: CouponsPage },
        { path: 'content/coupons/new', Component: NewCouponPage },
        { path: 'content/coupons/:id', Component: CouponEditorPage },
        { path: 'staff', Component: StaffPage },
        { path: 'staff/ip-allowlist', Component: IpAllowlistPage },
        { path: 'audit-log', Component: AuditLogPage },
        { path: '*', Component: NotFoundPage },
      ],
    },
    { path: '*', Component: NotFoundPage },
  ];
}
