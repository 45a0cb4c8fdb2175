export { DocsPage } from './DocsPage';
export { FeaturesPage } from './FeaturesPage';
export { PricingPage } from './PricingPage';
