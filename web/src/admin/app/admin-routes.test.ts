import { describe, expect, it } from 'vitest';
import { afterLogin, loginPath } from './admin-routes';

describe('the login’s way back', () => {
  it('remembers a back-office screen, and nothing else', () => {
    expect(loginPath('/admin/inquiries?status=closed')).toBe(
      '/admin/login?next=%2Fadmin%2Finquiries%3Fstatus%3Dclosed',
    );
    expect(loginPath('/admin/login?next=x')).toBe('/admin/login');
    expect(loginPath('/mypage')).toBe('/admin/login');
  });

  it('goes back only into the back office after signing in', () => {
    expect(afterLogin('/admin/topics')).toBe('/admin/topics');
    expect(afterLogin(null)).toBe('/admin/inquiries');
    expect(afterLogin('https://evil.example/admin/')).toBe('/admin/inquiries');
    expect(afterLogin('//evil.example/admin/')).toBe('/admin/inquiries');
    expect(afterLogin('/admin/login')).toBe('/admin/inquiries');
    expect(afterLogin('/cart')).toBe('/admin/inquiries');
  });
});
