import type { BuySectionsProps } from './buy-sections';
import { ContactSection } from './sections/contact-section';
import { HowItWorks } from './sections/how-it-works';
import { PluginChooser } from './sections/plugin-chooser';
import { WhyChoose } from './sections/why-choose';

/**
 * The default buy page's sections (/licenses/buy): how-it-works, the plugin chooser instead of cards, why-choose and
 * the contact form. A chunk apart from a plugin's (buy-sections.tsx): no cards, purchase flow, price rules or jsvat.
 */
export default function DefaultBuySections({ basePath }: Pick<BuySectionsProps, 'basePath'>) {
  return (
    <>
      <HowItWorks page="default" />
      <PluginChooser basePath={basePath} />
      <WhyChoose page="default" />
      <ContactSection />
    </>
  );
}
