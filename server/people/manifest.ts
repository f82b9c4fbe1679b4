// Recruitment (jobs, careers, levels, job types, applications) and bookings.
import { defineModule } from '../module';
import { bookingResource, careerResource, jobResource, jobTypeResource, levelResource, recruitmentResource } from './resource';

export const manifest = defineModule('people', {
  resources: [jobResource, careerResource, levelResource, jobTypeResource, recruitmentResource, bookingResource],
});
