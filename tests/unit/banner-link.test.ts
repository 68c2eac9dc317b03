import { describe, expect, it } from 'vitest';
import { bannerInputSchema, describeValidationError } from '../../src/domain';

const banner = { name: 'summer', title: 'Summer sale', image: '/uploads/banner.png' };
const linkError = (link: string) => {
  const result = bannerInputSchema.safeParse({ ...banner, link });
  return result.success ? undefined : describeValidationError(result.error);
};

describe('banner link', () => {
  it.each([
    '/collections/summer',
    '/search?q=tee&size=M#top',
    '/sale%20now',
    '/100%-cotton',
    'https://example.com/sale',
    'https://example.com/contact?email=team@example.com',
    '',
  ])('takes %j', (link) => {
    expect(linkError(link)).toBeUndefined();
  });

  it.each([
    ['//evil.com', 'protocol-relative'],
    ['/\\evil.com', 'a backslash, which browsers read as /'],
    ['/%2F%2Fevil.com', 'encoded //'],
    ['/%2Fevil.com', 'decodes to //evil.com'],
    ['/%2f/evil.com', 'lowercase encoding'],
    ['/%5Cevil.com', 'an encoded backslash'],
    ['/shop/%5C..%5Cevil', 'an encoded backslash further on'],
    ['/%252F%252Fevil.com', 'encoded twice'],
    ['/%09/evil.com', 'a tab browsers drop between the slashes'],
    [`/%${'25'.repeat(6)}41`, 'still decoding after the rounds allowed'],
    ['https://user:pass@example.com/x', 'user and password'],
    ['https://user@example.com', 'a user name'],
    ['https://example.com@evil.example/x', 'a host disguised as user info'],
    ['https://example.com%2F@evil.example', 'an encoded / in the user info'],
  ])('refuses %j (%s) naming the field', (link) => {
    expect(linkError(link)).toBe('link: must be a URL (http:// or https://) or a path starting with /');
  });
});
