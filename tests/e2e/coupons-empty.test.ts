import { describe, it } from 'vitest';
import { useConsoleHarness } from './harness';

const app = useConsoleHarness({ store: 'empty', readOnly: true });

describe('coupons on an empty store', () => {
  it("says 'No coupons found.'", async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/catalog/coupons' });
    await page.getByText('No coupons found.').waitFor();
  });
});
