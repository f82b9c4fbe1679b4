/**
 * The console routes of the resources that have screens, by resource name: each definition's `routes` is its entry
 * here. They live apart from the definitions so that the console's route table (loaded with the shell, before any
 * screen) holds only paths, and the definitions (fields, labels, rules) load with the screens that use them.
 */
import type { ResourceRoutes } from './define';

const crud = (list: string, param = 'id') => ({ list, add: `${list}/add`, edit: `${list}/:${param}` }) as const;

export const ROUTES = {
  website: crud('/website', 'websiteId'),
  socialNetwork: { add: '/socialNetwork/add', edit: '/socialNetwork/:socialNetworkId' },
  branchContact: { add: '/branchContact/add', edit: '/branchContact/:branchContactId' },
  hardContent: { add: '/hardContent/add', edit: '/hardContent/:hardContentId' },
  newsCategory: crud('/news/category', 'categoryId'),
  sick: crud('/sick'),
  menu: crud('/menu', 'menuId'),
  faqGroup: crud('/faq-group', 'faqGroupId'),
  serviceGroup: crud('/group-service'),
  career: crud('/career'),
  level: crud('/level'),
  jobType: crud('/job-type'),
  department: crud('/department'),
  serviceCatalogue: crud('/service-catalogue'),
  service: crud('/service-website', 'serviceId'),
  banner: crud('/banner', 'bannerId'),
  faq: crud('/faq', 'faqId'),
  partner: crud('/partner', 'partnerId'),
  // Feedback mostly comes from the public sites; staff record what arrives by phone or letter at /feedback/add (no add
  // button in the grid: the definition's `list.addButton`).
  feedback: crud('/feedback', 'feedbackId'),
  customerFeedback: crud('/customerFeedback', 'customerFeedbackId'),
  album: crud('/album', 'albumId'),
  // The /advertisement list is a screen of three lists (video, music, waiting screens); these are the waiting screens'.
  advertisementTitle: { add: '/advertisement/add', edit: '/advertisement/:id' },
  job: crud('/job', 'jobId'),
  recruitment: crud('/recruitment', 'recruitmentId'),
  // Bookings mostly come from the public sites; one taken by phone is added at /booking/add (no add button in the grid).
  // The detail is also at /booking/edit/{id} (app/screens.ts).
  booking: crud('/booking'),
} as const satisfies Record<string, ResourceRoutes>;

export type RoutedResource = keyof typeof ROUTES;
