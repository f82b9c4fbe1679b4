// What visitors of the public websites send (feedback, bookings, applications, questions, the team's registrations
// and referrals): unauthenticated, validated, size-capped, rate-limited.
import { defineModule, optionsOf } from '../module';
import { intakeRoutes, type IntakeOptions } from './routes';

export const manifest = defineModule('intake', {
  routes: [{ name: 'intake', prefix: '/public', auth: 'public', plugin: intakeRoutes }],
  /** the rate limit per client address (default 10 posts a minute; tests lower it) */
  options: optionsOf<IntakeOptions>(),
});
