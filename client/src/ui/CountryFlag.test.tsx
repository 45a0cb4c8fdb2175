import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountryFlag, flagUrl } from './CountryFlag';

describe('CountryFlag', () => {
  it("is an SVG image named by the country's name and code", () => {
    render(<CountryFlag code="AU" name="Australia" />);
    const flag = screen.getByRole('img', { name: 'Australia (AU)' });
    expect(flag).toHaveAttribute('src', expect.stringMatching(/\/au\.svg/));
  });

  it('gives patent offices a flag of their own and unknown codes the neutral one', () => {
    expect(flagUrl('EP')).toMatch(/\/eu\.svg/);
    expect(flagUrl('WO')).toMatch(/\/un\.svg/);
    expect(flagUrl('SU')).toMatch(/\/xx\.svg/);
    expect(flagUrl('us')).toMatch(/\/us\.svg/);
  });
});
