// Words the team's files share (the public registration and the staff's patient edit say the same of a phone number).
import type { Label } from '../../shared/resources/define';

export const TEAM_WORDS = {
  phoneFormat: { vi: 'Số điện thoại không đúng định dạng', en: 'Phone number is not valid' } as Label,
};
