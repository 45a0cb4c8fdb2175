import { describe, expect, it } from 'vitest';
import { cleanPath, cleanReferrer } from './page-view-path.js';

describe('page-view paths', () => {
  it('drops one-time codes and keys, keeps the rest of the query', () => {
    expect(cleanPath('/auth/action?mode=resetPassword&oobCode=abc&apiKey=k&lang=en')).toBe(
      '/auth/action?mode=resetPassword&lang=en',
    );
    expect(cleanPath('/unsubscribe?token=secret')).toBe('/unsubscribe');
    expect(cleanPath('/search/results?q=solar+panel&type=ai#top')).toBe(
      '/search/results?q=solar+panel&type=ai',
    );
  });

  it("keeps another site's origin and path only, and refuses what is not a web address", () => {
    expect(cleanReferrer('https://www.google.com/search?q=private')).toBe('https://www.google.com/search');
    expect(cleanReferrer('/home?oobCode=x')).toBe('/home');
    expect(cleanReferrer('javascript:alert(1)')).toBeNull();
    expect(cleanReferrer('not a url')).toBeNull();
  });
});
