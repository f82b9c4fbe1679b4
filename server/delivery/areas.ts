// Every area of the delivery API, in the order the OpenAPI document lists them.
import type { ContentArea } from '../resources/index';
import { newsArea } from '../news/area';
import { servicesArea } from '../services/area';

export const areas: ContentArea[] = [
  newsArea,
  servicesArea,
];
