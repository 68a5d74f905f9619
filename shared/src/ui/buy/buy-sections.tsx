import { BUY_PAGE_LAYOUT, type BuyPage, type BuyPlugin } from './buy-plugins';
import { LicenseCardsSection } from './cards/license-cards-section';
import { ContactSection } from './sections/contact-section';
import { FaqSection } from './sections/faq-section';
import { GetNow } from './sections/get-now';
import { HowItWorks } from './sections/how-it-works';
import { WhyChoose } from './sections/why-choose';
import { WorkExample } from './sections/work-example';

export interface BuySectionsProps {
  page: BuyPage;
  /** Where the default page's plugin cards lead (default '/licenses/buy'). */
  basePath?: string;
}

/**
 * Every buy section below the header of a plugin's page, in this order: how-it-works, license cards, FAQ,
 * why-choose, work example, get-now, contact form. Used by /licenses/buy?plugin=… and the plugin feature pages;
 * the default page has default-buy-sections.tsx.
 */
export default function BuySections({ page }: { page: BuyPlugin }) {
  const layout = BUY_PAGE_LAYOUT[page];
  return (
    <>
      <HowItWorks page={page} />
      <LicenseCardsSection plugin={page} />
      {layout.faq && <FaqSection />}
      <WhyChoose page={page} />
      <WorkExample page={page} />
      <GetNow page={page} />
      <ContactSection />
    </>
  );
}
