/**
 * Journeys through the calls issue 16 listed as unreachable: the protected tag's password form,
 * accessories added with their product, and delivery to several addresses.
 */
import { freshMember, logIn } from './member-session';
import { expect, keepScreenshot, test } from './support';

test('the 会員限定セール tag opens after its password', async ({ page }, testInfo) => {
  await page.goto('/product?tag=members-sale');
  const form = page.getByRole('form', { name: '「会員限定セール」はパスワードで保護されています' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('list', { name: '商品一覧' })).toHaveCount(0);

  await form.getByLabel(/^パスワード/).fill('not-the-password');
  await form.getByRole('button', { name: '商品を表示する' }).click();
  await expect(form.getByText('パスワードが正しくありません。')).toBeVisible();
  await keepScreenshot(page, testInfo, 'tag-password');

  // The password of the demo data (README).
  await form.getByLabel(/^パスワード/).fill('ride-members');
  await form.getByRole('button', { name: '商品を表示する' }).click();
  const list = page.getByRole('list', { name: '商品一覧' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(form).toHaveCount(0);

  // The grant lasts for this tab: a reload shows the list without asking again.
  await page.reload();
  await expect(page.getByRole('list', { name: '商品一覧' }).getByRole('listitem').first()).toBeVisible();
});

test('a landing page’s coupon is taken with 「クーポンを受け取る」, after logging in', async ({ page }, testInfo) => {
  // The demo landing pages offer no coupon yet (the seed's props.coupon lists are empty): the
  // page's answer gets RIDE10 (a real coupon that must be taken); the take itself is the server's.
  await page.route('**/v1/lp/winter-maintenance', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { layout: { props: Record<string, unknown> }[] };
    body.layout[0]!.props.coupon = ['RIDE10'];
    await route.fulfill({ response, json: body });
  });
  const member = await freshMember(page, testInfo, 'lp-coupon');

  await page.goto('/lp/winter-maintenance');
  const coupons = page.getByRole('region', { name: 'クーポン' });
  const ride10 = coupons.getByRole('article').filter({ hasText: 'RIDE10' });
  await expect(ride10).toContainText('10%OFF');
  await ride10.getByRole('button', { name: /^クーポンを受け取る/ }).click();

  // A visitor logs in first and comes back to the page.
  await expect(page).toHaveURL(/\/login\/?$/);
  await logIn(page, member, { open: false });
  await expect(page).toHaveURL(/\/lp\/winter-maintenance$/);
  await ride10.getByRole('button', { name: /^クーポンを受け取る/ }).click();
  await expect(ride10.getByText('受け取り済み')).toBeVisible();
  await expect(ride10.getByRole('button')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'lp-coupon-taken');

  // The member's coupon list agrees.
  await page.goto('/coupon');
  await expect(page.getByRole('article').filter({ hasText: 'RIDE10' })).toContainText('取得済み');
});
