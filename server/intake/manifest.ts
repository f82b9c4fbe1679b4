// What visitors of the public websites send (feedback, bookings, applications, questions, the team's registrations
// and referrals): unauthenticated, validated, size-capped, rate-limited.
import { defineModule } from '../module';
import { intakeRoutes } from './routes';

export const manifest = defineModule('intake', {
  routes: [{ name: 'intake', prefix: '/public', auth: 'public', plugin: intakeRoutes }],
});
