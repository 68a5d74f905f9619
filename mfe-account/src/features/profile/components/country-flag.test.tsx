import { render } from '@testing-library/react';
import { COUNTRY_CODES } from '@portal/shared/domain';
import { CountryFlag } from './country-flag';

describe('CountryFlag', () => {
  it.each(COUNTRY_CODES)('draws a decorative flag for %s', (code) => {
    const { container } = render(<CountryFlag code={code} />);
    const svg = container.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg!.querySelectorAll('rect, path').length).toBeGreaterThan(1);
  });

  it('draws nothing for an unknown code', () => {
    const { container } = render(<CountryFlag code="XX" />);
    expect(container).toBeEmptyDOMElement();
  });
});
