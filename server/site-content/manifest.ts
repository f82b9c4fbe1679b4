// The site's own content: banners, FAQs and their groups, partners, feedback.
import { m0013_partner_names } from '../db/migrations/0013_partner_names';
import { defineModule } from '../module';
import { bannerItemResource, faqGroupResource, faqResource, feedbackResource, partnerResource } from './resource';

export const manifest = defineModule('site-content', {
  resources: [bannerItemResource, faqResource, faqGroupResource, partnerResource, feedbackResource],
  migrations: [m0013_partner_names],
});
