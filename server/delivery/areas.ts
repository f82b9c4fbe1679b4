// Every area of the delivery API, in the order the OpenAPI document lists them.
import type { ContentArea } from '../resources/index';
import { menusArea } from '../editorial/menus-area';
import { siteArea } from '../site-content/site-area';
import { diseasesArea } from '../editorial/diseases-area';

export const areas: ContentArea[] = [
  menusArea,
  siteArea,
  diseasesArea,
];
