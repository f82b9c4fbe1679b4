// Every area of the delivery API, in the order the OpenAPI document lists them. Areas of a definition's `delivery`
// declaration are read by the engine (deliveryArea); the others are written in the module that owns the data.
import { resources } from '../../shared/resources/index';
import { deliveryArea, type ContentArea } from '../resources/index';
import { newsArea } from '../news/area';
import { servicesArea } from '../services/area';
import { menusArea } from '../editorial/menus-area';
import { siteArea } from '../site-content/site-area';
import { diseasesArea } from '../editorial/diseases-area';
import { withImageInfo } from './image-info';

// Each with `<field>Info` beside its image fields (./image-info.ts), in its schemas as in its answers.
export const areas: ContentArea[] = [
  newsArea,
  servicesArea,
  menusArea,
  siteArea,
  diseasesArea,
  deliveryArea(resources.banner),
  deliveryArea(resources.faq),
  deliveryArea(resources.faqGroup),
  deliveryArea(resources.partner),
  deliveryArea(resources.album),
  deliveryArea(resources.job),
  deliveryArea(resources.newsCategory),
  deliveryArea(resources.customerFeedback),
  deliveryArea(resources.advertisementTitle),
].map(withImageInfo);
