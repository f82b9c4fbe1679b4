// Every area of the delivery API, in the order the OpenAPI document lists them.
import type { ContentArea } from '../resources/index';

export const areas: ContentArea[] = [];
